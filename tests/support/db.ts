import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openPglite, openPostgres } from "~/server/db/client.server";

/** Which database the integration suite runs on: `DB_DRIVER=pg` for PostgreSQL, else PGlite. */
export const DRIVER = process.env.DB_DRIVER === "pg" ? "pg" : "pglite";

/** The server the PostgreSQL run creates its throwaway databases on. */
export const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** A test database; `url` lets a test open more connections to it, as another instance would (pg only). */
export type TestDatabase = Database & { url: string | null };

/**
 * A fresh, empty, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server that is dropped again by `close()`. Nothing is shared between test files.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  let database: TestDatabase;
  if (DRIVER === "pglite") {
    database = { ...(await openPglite(null)), url: null };
  } else {
    const name = `t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    const inner = await openPostgres(url.toString());
    database = {
      ...inner,
      url: url.toString(),
      async close() {
        await inner.close();
        const cleanup = new pg.Client({ connectionString: PG_ADMIN_URL });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  await database.migrate();
  return database;
}
