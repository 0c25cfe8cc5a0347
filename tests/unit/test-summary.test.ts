import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scratchDir } from "../support/scratch";

const dir = scratchDir("test-summary-");

/** Runs scripts/test-summary.mjs on the given reports, as scripts/test.sh does. */
function summary(...reports: object[]) {
  const files = reports.map((report, i) => {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}-${i}.json`);
    writeFileSync(file, JSON.stringify(report));
    return file;
  });
  const run = spawnSync(process.execPath, ["scripts/test-summary.mjs", ...files], { encoding: "utf8" });
  return { status: run.status, lines: run.stdout.trim().split("\n") };
}

const vitest = { numPassedTests: 10, numFailedTests: 0, numPendingTests: 1, numTodoTests: 0 };
const playwright = (flaky: number, unexpected = 0) => ({
  stats: { expected: 5, unexpected, flaky, skipped: 0 },
  suites: [
    {
      title: "contact-form.spec.ts",
      specs: [
        { title: "sends once", tests: [{ status: flaky ? "flaky" : "expected" }] },
        { title: "shows a toast", tests: [{ status: "expected" }] },
      ],
    },
  ],
});

describe("the test summary", () => {
  it("adds up Vitest and Playwright reports into one closing line", () => {
    const { status, lines } = summary(vitest, playwright(0));
    expect(lines.at(-1)).toBe("tests: 15 passed, 0 failed, 1 skipped");
    expect(status).toBe(0);
  });

  it("names a flaky Playwright test, counts it as failed and fails the run", () => {
    const { status, lines } = summary(vitest, playwright(1));
    expect(lines).toContain("flaky (failed, then passed on retry): contact-form.spec.ts › sends once");
    expect(lines.at(-1)).toBe("tests: 15 passed, 1 failed, 1 skipped");
    expect(status).toBe(1);
  });

  it("fails when nothing ran", () => {
    expect(summary().status).toBe(1);
  });
});
