import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchDir } from "../support/scratch";

// scripts/schema-check.mjs (run by the test command with the lint) compares the schema files with the
// migrations in ./drizzle. Here it runs on a copy of the repository's schema and migrations, so that a
// column can be added to the copy without touching the real files.
let root = "";
const check = () =>
  spawnSync(process.execPath, [path.resolve("scripts/schema-check.mjs"), root], { encoding: "utf8" });

beforeAll(() => {
  root = scratchDir("schema-check-");
  for (const p of ["app/features", "app/platform", "drizzle", "drizzle.config.ts"])
    cpSync(path.resolve(p), path.join(root, p), { recursive: true });
  symlinkSync(path.resolve("node_modules"), path.join(root, "node_modules"));
});
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("the schema files and the migrations", () => {
  it("agree as committed", () => {
    const run = check();
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("disagree once a column is added without its migration, and the check shows the SQL it needs", () => {
    const file = path.join(root, "app/features/leads/schema.server.ts");
    const source = readFileSync(file, "utf8");
    const changed = source.replace(
      'subject: text("subject"),',
      'subject: text("subject"),\n    nickname: text("nickname"),',
    );
    expect(changed).not.toBe(source);
    writeFileSync(file, changed);
    const run = check();
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('ALTER TABLE "contact_requests" ADD COLUMN "nickname" text;');
  });
});
