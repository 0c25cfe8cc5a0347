import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { type Database, openPglite, openPostgres } from "~/platform/db/client.server";
import { createPgDatabase, DRIVER } from "./db";
import { scratchDir } from "./scratch";

/**
 * For a test of one migration on records as they were before it: a database of the file's own,
 * migrated up to, not including, the migration whose tag ends with `firstNew` (its number may change
 * when branches merge); `migrateRest` runs it and those after it.
 */
export function setUpBeforeMigration(firstNew: string) {
  let database: Database | undefined;
  let dropDatabase = async () => {};
  let migrations = "";
  let fullJournal = "";
  const journalPath = () => path.join(migrations, "meta/_journal.json");
  beforeAll(async () => {
    migrations = scratchDir("cfa-migrations-");
    cpSync("drizzle", migrations, { recursive: true });
    fullJournal = readFileSync(journalPath(), "utf8");
    const journal = JSON.parse(fullJournal) as { entries: { tag: string }[] };
    const cut = journal.entries.findIndex((e) => e.tag.endsWith(firstNew));
    expect(cut).toBeGreaterThan(0);
    writeFileSync(journalPath(), JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
    if (DRIVER === "pglite") {
      database = await openPglite(null, { migrationsDir: migrations });
    } else {
      const created = await createPgDatabase();
      database = await openPostgres(created.url, { migrationsDir: migrations });
      dropDatabase = created.drop;
    }
    await database.migrate();
  });
  afterAll(async () => {
    await database?.close();
    await dropDatabase();
  });
  return {
    get database(): Database {
      if (!database) throw new Error("the database is made in beforeAll");
      return database;
    },
    async migrateRest() {
      writeFileSync(journalPath(), fullJournal);
      await this.database.migrate();
    },
  };
}
