#!/usr/bin/env bash
# The whole test suite, as CI runs it: typecheck, format + lint, unit and integration tests on
# PGlite and on PostgreSQL against a production build, then end-to-end tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

reports="$(mktemp -d)"
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

# Debian's Chromium: the browser (bench/, Lighthouse) and its headless shell, which the e2e tests run in.
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromium-headless-shell ]; then
  step "Installing Debian's Chromium and its headless shell (Playwright never downloads a browser)"
  if [ "$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium chromium-headless-shell >/dev/null
  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium chromium-headless-shell >/dev/null; fi
fi

# The lock file must already say what `npm install` resolved: a stale one (a removed package still
# listed, a version range it no longer satisfies) would make every fresh clone rewrite it. Other
# platforms' optional binaries that this registry lists or not are no drift (scripts/lock-drift.mjs).
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  node scripts/lock-drift.mjs
fi

# One pinning policy: every dependency at the exact version installed (`.npmrc` has save-exact, so
# `npm install <name>` writes it that way); a range would let two clones resolve different versions.
node -e '
const p = require("./package.json");
const loose = Object.entries({ ...p.dependencies, ...p.devDependencies })
  .filter(([, v]) => !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(v));
if (loose.length) {
  console.error("package.json: pin these to the exact version installed: " + loose.map(([n, v]) => `${n}@${v}`).join(", "));
  process.exit(1);
}'

# The product specification and design notes are not part of this repository: a comment, a test's
# name or a doc states the rule itself (or points to docs/), never a file a clone does not have, so
# any mention of them fails (the pattern is spelt so that it does not match this line).
if git grep --untracked -nE '\b(SPE[C]|DESIG[N])\b' -- app tests bench scripts docs README.md; then
  echo "Say the rule itself instead of citing the specification or the design notes." >&2
  exit 1
fi

# The typecheck (one tsc process) runs while lint and the build use the other core.
step "Typecheck, while format, lint, import boundaries (npm run lint), schema vs migrations and the production build run"
npm run --silent typecheck >"$reports/typecheck.log" 2>&1 &
typecheck_pid=$!
npm run --silent lint
# A table, column, index or enum value added to a schema file without its migration fails here.
node scripts/schema-check.mjs
npx react-router build >/dev/null
typecheck_status=0
wait "$typecheck_pid" || typecheck_status=$?
cat "$reports/typecheck.log"
if [ "$typecheck_status" -ne 0 ]; then echo "Typecheck failed." >&2; exit "$typecheck_status"; fi

step "The built server on the other Node versions engines accepts"
npx tsx scripts/node-versions.ts

step "Unit and integration tests on PGlite"
DB_DRIVER=pglite npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/pglite.json"

pg_url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
pg_pid=""
if node -e "const c=new (require('pg').Client)({connectionString:process.argv[1],connectionTimeoutMillis:2000});c.connect().then(()=>c.end()).catch(()=>process.exit(1))" "$pg_url" 2>/dev/null; then
  # The PostgreSQL run and the browser tests mostly wait (on PostgreSQL, on pages and e-mails): run side
  # by side, they fill the cores that each alone leaves idle. Its output is printed once it ends.
  step "Integration tests on PostgreSQL ($pg_url), in the background while the e2e tests run"
  DB_DRIVER=pg TEST_DATABASE_URL="$pg_url" npx vitest run tests/integration \
    --reporter=default --reporter=json --outputFile.json="$reports/pg.json" >"$reports/pg.log" 2>&1 &
  pg_pid=$!
elif [ -n "${CI:-}" ]; then
  echo "PostgreSQL is not reachable at $pg_url: CI requires it." >&2
  exit 1
else
  step "PostgreSQL not reachable at $pg_url: integration tests ran on PGlite only"
fi

step "End-to-end tests in Chromium"
# Playwright fails on a flaky test too; the summary below still runs and names it.
e2e_status=0
PLAYWRIGHT_JSON_OUTPUT_FILE="$reports/e2e.json" npx playwright test --reporter=list,json || e2e_status=$?

pg_status=0
if [ -n "$pg_pid" ]; then
  wait "$pg_pid" || pg_status=$?
  step "Integration tests on PostgreSQL: their output"
  cat "$reports/pg.log"
fi

step "Summary"
node scripts/test-summary.mjs "$reports/pglite.json" "$reports/pg.json" "$reports/e2e.json"
if [ "$pg_status" -ne 0 ]; then exit "$pg_status"; fi
exit "$e2e_status"
