// The suite's own isolation: every test file's database is a copy of the run's migrated, seeded
// template, and nothing one file writes reaches another's.
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, DRIVER, type TestDatabase } from "../support/db";

const opened: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
});

async function open(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  opened.push(database);
  return database;
}

const formationCount = async (database: TestDatabase) =>
  Number((await database.query<{ n: number }>("select count(*)::int as n from formations"))[0]?.n);

describe(`test databases on ${DRIVER}`, () => {
  it("start migrated and seeded, each its own copy: a row written in one is not in the next", async () => {
    const first = await open();
    expect(await formationCount(first)).toBe(5);
    await first.query("insert into formations (title, slug) values ('Copie', 'copie-isolee')");
    expect(await formationCount(first)).toBe(6);

    const second = await open();
    expect(await formationCount(second)).toBe(5);
    const sessions = await second.query<{ n: number }>("select count(*)::int as n from formation_sessions");
    expect(sessions[0]?.n).toBe(15);
    // Migrations already ran on the copy: running them again changes nothing.
    await second.migrate();
    expect(await formationCount(second)).toBe(5);
  });
});
