// The integration suite's set-up, run once per `vitest run` before any integration file (unit runs
// skip it): the production build is brought up to date, then the migrated, seeded template every
// test file copies its own database from is made, and dropped again at the end.
import { spawnSync } from "node:child_process";
import type { TestProject } from "vitest/node";
import { createTemplate } from "./db";
import { sweepScratch } from "./scratch";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The HTTP-level tests import build/server: after an edit under app/ they would test old code.
  const build = spawnSync("bash", ["scripts/build-if-stale.sh"], { stdio: "inherit" });
  if (build.status !== 0)
    throw new Error("scripts/build-if-stale.sh failed: the production build does not build");
  const template = await createTemplate();
  project.provide("databaseTemplate", template.ref);
  return async () => {
    await template.drop();
    // The workers' folders, which they could not remove themselves (see sweepScratch).
    sweepScratch();
  };
}
