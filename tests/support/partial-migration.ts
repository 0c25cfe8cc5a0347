import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { type Database, openPglite, openPostgres } from "~/platform/db/client.server";
import { createPgDatabase, DRIVER } from "./db";
import { scratchDir } from "./scratch";

/**
 * A database of the test's driver migrated up to, not including, the migration whose tag ends with
 * `firstNew`: the test inserts records as they were before it, then `migrateRest()` runs it and
 * every later one on them.
 */
export function setUpBeforeMigration(firstNew: string) {
  const state = {
    database: undefined as unknown as Database,
    migrateRest: async () => {},
  };
  let dropDatabase = async () => {};
  beforeAll(async () => {
    const migrations = scratchDir("cfa-migrations-");
    cpSync("drizzle", migrations, { recursive: true });
    const journalPath = path.join(migrations, "meta/_journal.json");
    const fullJournal = readFileSync(journalPath, "utf8");
    const journal = JSON.parse(fullJournal) as { entries: { tag: string }[] };
    const cut = journal.entries.findIndex((e) => e.tag.endsWith(firstNew));
    expect(cut).toBeGreaterThan(0);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
    if (DRIVER === "pglite") {
      state.database = await openPglite(null, { migrationsDir: migrations });
    } else {
      const created = await createPgDatabase();
      state.database = await openPostgres(created.url, { migrationsDir: migrations });
      dropDatabase = created.drop;
    }
    await state.database.migrate();
    state.migrateRest = async () => {
      writeFileSync(journalPath, fullJournal);
      await state.database.migrate();
    };
  });
  afterAll(async () => {
    await state.database?.close();
    await dropDatabase();
  });
  return state;
}
