#!/usr/bin/env bash
# Builds the production server (build/) when it is missing or older than any source it is built
# from, so that the HTTP-level integration tests and the e2e tests never run yesterday's code.
# Used by the e2e suite's global set-up (tests/e2e/support/global-setup.ts) and, in the integration
# suite, by each test file that runs or reads the build (tests/support/build.ts), from several workers
# at once: a lock makes them take turns, and a run that waited finds the build fresh and leaves it.
set -euo pipefail
cd "$(dirname "$0")/.."

entry=build/server/index.js
# BUILD_DIR points the tests at a build made elsewhere: that one is taken as it is.
if [ -n "${BUILD_DIR:-}" ] && [ "$BUILD_DIR" != build ]; then exit 0; fi

# The lock is this script's own file: every caller has it, and it leaves nothing behind.
if command -v flock >/dev/null; then
  exec 9<scripts/build-if-stale.sh
  flock 9
fi

sources=()
# drizzle/: the build also leaves a migrated PGlite data folder for a first start.
for source in app public drizzle vite*.ts react-router.config.ts tsconfig.json package-lock.json; do
  if [ -e "$source" ]; then sources+=("$source"); fi
done
if [ ! -f "$entry" ]; then
  reason="no production build in build/"
else
  newer="$(find "${sources[@]}" -newer "$entry" -print -quit)"
  if [ -z "$newer" ]; then exit 0; fi
  reason="$newer is newer than the production build"
fi
echo "$reason: building it first (the HTTP-level and e2e tests run it)." >&2
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# A production build whatever the caller's NODE_ENV: Vitest sets it to 'test', and a build made so
# leaves out what only production does (the Content-Security-Policy header, import.meta.env.PROD).
if ! NODE_ENV=production npx react-router build >"$log" 2>&1; then
  cat "$log" >&2
  exit 1
fi
