// Adds up the JSON reports of the test runs into one closing line: "tests: N passed, N failed".
// A Playwright test that failed and then passed on retry is flaky: it is listed, counted as failed
// and fails the run, since a race that shows once in a while is still a bug.
import { existsSync, readFileSync } from "node:fs";

/** Titles of Playwright's flaky tests, found in its nested suites. */
function flakyTitles(suites, path = []) {
  const titles = [];
  for (const suite of suites ?? []) {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "flaky") titles.push([...here, spec.title].join(" › "));
      }
    }
    titles.push(...flakyTitles(suite.suites, here));
  }
  return titles;
}

export function summarize(reports) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const flaky = [];
  for (const report of reports) {
    if (report.stats) {
      // Playwright
      passed += report.stats.expected;
      failed += report.stats.unexpected + report.stats.flaky;
      skipped += report.stats.skipped;
      const titles = flakyTitles(report.suites);
      flaky.push(...(titles.length ? titles : Array(report.stats.flaky).fill("(untitled)")));
    } else {
      // Vitest
      passed += report.numPassedTests;
      failed += report.numFailedTests;
      skipped += report.numPendingTests + report.numTodoTests;
    }
  }
  return { passed, failed, skipped, flaky };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const reports = process.argv
    .slice(2)
    .filter((file) => existsSync(file))
    .map((file) => JSON.parse(readFileSync(file, "utf8")));
  const { passed, failed, skipped, flaky } = summarize(reports);
  for (const title of flaky) console.log(`flaky (failed, then passed on retry): ${title}`);
  if (flaky.length) console.log(`${flaky.length} flaky test(s), counted as failed`);
  console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
  process.exit(failed > 0 || passed === 0 ? 1 : 0);
}
