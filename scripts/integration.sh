#!/usr/bin/env bash
# `npm run test:integration` (PGlite) and `npm run test:integration:pg` (PostgreSQL), runnable on
# their own: the test files that run or read the production server rebuild it first when a source is
# newer than build/ (tests/support/build.ts), and this says plainly when PostgreSQL
# is not there. Extra arguments go to Vitest (a file, -t "name"…)
# and narrow the run to them.
set -euo pipefail
cd "$(dirname "$0")/.."
driver="${1:?usage: scripts/integration.sh pglite|pg [vitest arguments]}"
shift

if [ "$driver" = pg ]; then
  url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
  if ! node -e "const c=new (require('pg').Client)({connectionString:process.argv[1],connectionTimeoutMillis:2000});c.connect().then(()=>c.end()).catch(()=>process.exit(1))" "$url" 2>/dev/null; then
    echo "PostgreSQL is not reachable at $url: start it, or set TEST_DATABASE_URL to a server where this role may create databases." >&2
    exit 1
  fi
fi

# --project, not a path: Vitest ORs path filters, so `tests/integration X.test.ts` would run every file.
DB_DRIVER="$driver" exec npx vitest run --project integration "$@"
