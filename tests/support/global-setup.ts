// The integration suite's set-up, run once per `vitest run` before any integration file (unit runs
// skip it): the migrated, seeded template every test file copies its own database from is made, and
// dropped again at the end. The production build is not made here: the files that use it bring it
// up to date themselves (tests/support/build.ts), so a run of files that only talk to the database
// does not wait for one. `npm test` builds before any test runs, as CI does.
import type { TestProject } from "vitest/node";
import { createTemplate } from "./db";
import { sweepScratch } from "./scratch";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await createTemplate();
  project.provide("databaseTemplate", template.ref);
  return async () => {
    await template.drop();
    // The workers' folders, which they could not remove themselves (see sweepScratch).
    sweepScratch();
  };
}
