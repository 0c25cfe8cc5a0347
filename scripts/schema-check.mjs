#!/usr/bin/env node
// Fails when the tables the code declares (every schema file drizzle.config.ts names) differ from what
// the migrations in ./drizzle make: a column, table, index or enum value added to a schema file needs
// its migration (`npm run db:generate`) in the same change. `drizzle-kit check` only checks the
// migrations among themselves, so this runs `drizzle-kit generate` into a copy of ./drizzle and fails
// if it wrote anything. Usage: node scripts/schema-check.mjs [ROOT] (ROOT: the repository, default cwd).
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(process.argv[2] ?? ".");
const tmp = mkdtempSync(path.join(tmpdir(), "schema-check-"));
try {
  const copy = path.join(tmp, "drizzle");
  cpSync(path.join(root, "drizzle"), copy, { recursive: true });
  // The repository's own configuration, only writing elsewhere (drizzle-kit wants `out` relative).
  const config = path.join(tmp, "drizzle.config.ts");
  writeFileSync(
    config,
    `import config from ${JSON.stringify(path.join(root, "drizzle.config.ts"))};\n` +
      `export default { ...config, out: ${JSON.stringify(path.relative(root, copy))} };\n`,
  );
  const before = new Set(readdirSync(copy));
  // No terminal: a change drizzle-kit would ask about (a rename?) cannot wait for an answer.
  const run = spawnSync(path.join(root, "node_modules/.bin/drizzle-kit"), ["generate", "--config", config], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 60_000,
  });
  const added = readdirSync(copy).filter((f) => !before.has(f));
  if (run.status !== 0 || added.length > 0) {
    for (const f of added.filter((f) => f.endsWith(".sql"))) {
      process.stderr.write(`\n-- ${f}, the migration the schema files still need:\n`);
      process.stderr.write(readFileSync(path.join(copy, f), "utf8"));
    }
    if (added.length === 0) process.stderr.write(`${run.stdout}${run.stderr}\n`);
    process.stderr.write(
      "\nThe schema files and the migrations in ./drizzle disagree: run `npm run db:generate` " +
        "and commit the migration it writes.\n",
    );
    process.exit(1);
  }
  console.log("Schema files and migrations agree.");
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
