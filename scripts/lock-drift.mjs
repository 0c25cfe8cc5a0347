// @ts-check
// Did `npm install` change what the committed package-lock.json pins? The test command runs this
// after the README's `npm install`. The rule:
// - drift: a package whose version changed, a package added or removed that is not optional, or the
//   root entry changed (package.json edited without its lock file);
// - not drift: optional packages appearing or disappearing. Those are the other platforms' native
//   binaries (Biome, Rollup, Tailwind's oxide, lightningcss…) and their own dependencies: npm writes
//   the ones the registry it talks to lists, and registries differ, so a newcomer's install must not
//   fail on them. Every version they pin is still checked when both sides have them.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * @typedef {{ version?: string, optional?: boolean, devOptional?: boolean } & Record<string, unknown>} LockEntry
 * @typedef {{ packages?: Record<string, LockEntry> }} LockFile
 */

/** @param {LockEntry | undefined} entry */
const isOptional = (entry) => entry?.optional === true || entry?.devOptional === true;

/**
 * What differs between the committed lock file and the one `npm install` wrote, one line each
 * (empty when nothing that matters changed).
 * @param {LockFile} committed
 * @param {LockFile} installed
 * @returns {string[]}
 */
export function lockDrift(committed, installed) {
  const before = committed.packages ?? {};
  const after = installed.packages ?? {};
  /** @type {string[]} */
  const problems = [];
  if (JSON.stringify(before[""] ?? {}) !== JSON.stringify(after[""] ?? {})) {
    problems.push(
      "package.json's dependencies differ from the lock file's (run npm install and commit both)",
    );
  }
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === "") continue;
    const name = key.replace(/^.*node_modules\//, "");
    const was = before[key];
    const now = after[key];
    if (was && now) {
      if (was.version !== now.version) problems.push(`${key}: ${was.version} → ${now.version}`);
    } else if (was && !isOptional(was)) {
      problems.push(`${key}: removed (${name}@${was.version} is not optional)`);
    } else if (now && !isOptional(now)) {
      problems.push(`${key}: added (${name}@${now.version} is not optional)`);
    }
  }
  return problems;
}

// Command line: compares the lock file in git's index (the committed one, or a staged upgrade) with
// the one on disk. Exit 1 with the list on drift.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const committed = JSON.parse(execFileSync("git", ["show", ":package-lock.json"], { encoding: "utf8" }));
  const installed = JSON.parse(readFileSync("package-lock.json", "utf8"));
  const problems = lockDrift(committed, installed);
  if (problems.length) {
    console.error("npm install changed what package-lock.json pins: commit the updated lock file.");
    for (const line of problems) console.error(`  ${line}`);
    process.exit(1);
  }
}
