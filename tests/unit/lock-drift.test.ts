import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lockDrift } from "../../scripts/lock-drift.mjs";

type Lock = { packages: Record<string, Record<string, unknown>> };

// The repository's own lock file, as a fresh clone has it.
const committed: Lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const copy = (): Lock => structuredClone(committed);
const optionalKeys = Object.keys(committed.packages).filter((k) => committed.packages[k]?.optional);

describe("the lock-file check after npm install", () => {
  it("passes an install that wrote the same lock file", () => {
    expect(lockDrift(committed, copy())).toEqual([]);
  });

  it("passes when a registry lists fewer or more platforms' optional binaries", () => {
    // A registry without the other platforms' packages: npm drops them from the lock file.
    expect(optionalKeys.length).toBeGreaterThan(10);
    const fewer = copy();
    for (const key of optionalKeys) delete fewer.packages[key];
    expect(lockDrift(committed, fewer)).toEqual([]);
    // …and the other way round: a clone made before they were listed, installed today.
    expect(lockDrift(fewer, committed)).toEqual([]);
  });

  it("fails when a version changed, optional or not", () => {
    const bumped = copy();
    const vite = bumped.packages["node_modules/vite"];
    if (!vite) throw new Error("vite is not in the lock file");
    const was = vite.version;
    vite.version = "99.0.0";
    const binary = optionalKeys[0] ?? "";
    const optionalEntry = bumped.packages[binary];
    if (optionalEntry) optionalEntry.version = "0.0.1";
    const problems = lockDrift(committed, bumped);
    expect(problems).toContain(`node_modules/vite: ${was} → 99.0.0`);
    expect(problems.some((p) => p.startsWith(`${binary}: `))).toBe(true);
  });

  it("fails when a package that is not optional appears or disappears", () => {
    const removed = copy();
    delete removed.packages["node_modules/express"];
    expect(lockDrift(committed, removed)).toEqual([
      expect.stringMatching(/^node_modules\/express: removed \(express@[\d.]+ is not optional\)$/),
    ]);
    const added = copy();
    added.packages["node_modules/left-pad"] = { version: "1.3.0" };
    expect(lockDrift(committed, added)).toEqual([
      "node_modules/left-pad: added (left-pad@1.3.0 is not optional)",
    ]);
  });

  it("fails when package.json's dependencies no longer match the lock file", () => {
    const edited = copy();
    edited.packages[""] = { ...edited.packages[""], dependencies: { express: "5.3.0" } };
    expect(lockDrift(committed, edited)).toHaveLength(1);
  });
});
