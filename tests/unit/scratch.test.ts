import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { removeScratch, scratchDir, sweepScratch } from "../support/scratch";

// Test folders live in memory when the machine has /dev/shm: one left behind holds RAM until the
// machine restarts, so what a process made goes when it is done, or when the next run finds it.

test("a test's folders are made under this process's own folder, and removed together", () => {
  const a = scratchDir("a-");
  const b = scratchDir("b-");
  const root = path.dirname(a);
  expect(path.dirname(b)).toBe(root);
  expect(path.basename(root)).toMatch(new RegExp(`^cfa-tests-${process.pid}-`));
  removeScratch();
  expect(existsSync(a) || existsSync(b) || existsSync(root)).toBe(false);
  // The next folder gets a new root.
  const c = scratchDir("c-");
  expect(existsSync(c)).toBe(true);
  removeScratch();
});

test("the folders of processes that have ended are swept, not those of running ones", () => {
  const mine = scratchDir("mine-");
  const base = path.dirname(path.dirname(mine));
  // A pid that belonged to a process which has ended (its own, just exited).
  const ended = spawnSync(process.execPath, ["-e", "console.log(process.pid)"]).stdout.toString().trim();
  const leftover = path.join(base, `cfa-tests-${ended}-left`);
  const running = path.join(base, `cfa-tests-${process.ppid}-running`);
  mkdirSync(path.join(leftover, "db"), { recursive: true });
  mkdirSync(running, { recursive: true });
  try {
    sweepScratch();
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(running)).toBe(true);
    expect(existsSync(mine)).toBe(true);
  } finally {
    rmSync(leftover, { recursive: true, force: true });
    rmSync(running, { recursive: true, force: true });
    removeScratch();
  }
});
