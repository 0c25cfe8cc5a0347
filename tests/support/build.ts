// The production build (build/) is brought up to date by the test files that use it, not before
// every integration run: after an edit under app/, a run of one file that only talks to the database
// does not wait a minute for a build it never reads. The files that run or read the build (the
// Express app of tests/support/http.ts, `node server.js`, the built assets and manifest, the build's
// empty database) call one of these first. scripts/build-if-stale.sh builds only when a source is
// newer than build/, under a lock, so two workers that both need it build it once.
import { spawn } from "node:child_process";
import { beforeAll } from "vitest";

/**
 * A production build takes about a minute on 2 free cores, several on a loaded machine where other
 * workers run their files meanwhile; a worker waiting on the lock waits for that build too.
 */
export const BUILD_TIMEOUT_MS = 600_000;

/** Runs scripts/build-if-stale.sh (its message and a failed build's log go to this run's output). */
export function productionBuild(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["scripts/build-if-stale.sh"], { stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error("scripts/build-if-stale.sh failed: the production build does not build")),
    );
  });
}

/** Registers a beforeAll, in the file or the suite where it is called, that brings build/ up to date. */
export function setUpProductionBuild(): void {
  beforeAll(productionBuild, BUILD_TIMEOUT_MS);
}
