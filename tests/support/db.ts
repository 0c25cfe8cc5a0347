import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { convertNextSessions } from "~/features/catalogue/sessions.server";
import { seedDemo } from "~/features/demo/seed.server";
import { type Database, openPglite, openPostgres } from "~/platform/db/client.server";

/** Which database the integration suite runs on: `DB_DRIVER=pg` for PostgreSQL, else PGlite. */
export const DRIVER = process.env.DB_DRIVER === "pg" ? "pg" : "pglite";

/** The server the PostgreSQL run creates its throwaway databases on. */
export const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** A test database; `url` lets a test open more connections to it, as another instance would (pg only). */
export type TestDatabase = Database & { url: string | null };

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's template (see createTemplate): a PGlite dump file, or a PostgreSQL database name. */
    databaseTemplate?: string;
  }
}

function databaseUrl(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/**
 * Brings a new database to the state every test file starts from: migrated and seeded with the
 * demonstration centre (the tests read its catalogue; createTestApp sets DEMO_DATA=on, so the
 * runtime agrees on both drivers), as the server's start-up leaves it. createRuntime runs the same steps again on each copy; they are
 * idempotent, so the template only saves time and never changes what a test sees.
 */
async function migrateAndSeed(database: Database): Promise<void> {
  await database.migrate();
  await seedDemo(database.db);
  await convertNextSessions(database.db);
}

/**
 * Made once per run by the integration suite's global set-up (tests/support/global-setup.ts): a
 * migrated, seeded database that each test file copies instead of building its own. On PGlite a
 * fresh instance runs initdb (seconds of WebAssembly) and then the migrations; loading a dump of
 * the data directory skips both. On PostgreSQL each copy is `CREATE DATABASE … TEMPLATE`.
 * Answers the reference test files receive through `inject`, and how to remove the template.
 */
export async function createTemplate(): Promise<{ ref: string; drop(): Promise<void> }> {
  if (DRIVER === "pglite") {
    const database = await openPglite(null);
    try {
      await migrateAndSeed(database);
      // drizzle keeps the client it wraps as `$client`; the dump is PGlite's own tar of PGDATA.
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const dump = await client.dumpDataDir("none");
      const dir = mkdtempSync(path.join(tmpdir(), "cfa-template-"));
      const file = path.join(dir, "pgdata.tar");
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
      return { ref: file, drop: async () => rmSync(dir, { recursive: true, force: true }) };
    } finally {
      await database.close();
    }
  }
  // Unique per run: other runs may share the server, each with its own template.
  const name = `tpl_${randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  const database = await openPostgres(databaseUrl(name), { poolSize: 1 });
  try {
    await migrateAndSeed(database);
  } finally {
    // A template must have no open connection while it is copied.
    await database.close();
  }
  return { ref: name, drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

/**
 * A fresh, migrated and seeded database for one test file: a copy of the run's template when the
 * global set-up made one (else built from scratch), in memory on PGlite, or a new database on the
 * PostgreSQL server that `close()` drops again. Nothing is shared between test files.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  return closedOnce(await openTestDatabase());
}

/**
 * `close()` closes once, whoever calls it first: a test may close its database to see the app go on
 * without one (readiness), and the file's fixture closes the app, and with it the database, after it.
 */
function closedOnce(database: TestDatabase): TestDatabase {
  let closing: Promise<void> | undefined;
  return { ...database, close: () => (closing ??= database.close()) };
}

async function openTestDatabase(): Promise<TestDatabase> {
  const template = inject("databaseTemplate");
  if (DRIVER === "pglite") {
    if (!template) {
      const database = await openPglite(null);
      await migrateAndSeed(database);
      return { ...database, url: null };
    }
    return { ...(await openPglite(null, { loadDataDir: new Blob([readFileSync(template)]) })), url: null };
  }
  const name = `t_${randomBytes(6).toString("hex")}`;
  await adminQuery(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = databaseUrl(name);
  const inner = await openPostgres(url);
  if (!template) await migrateAndSeed(inner);
  return {
    ...inner,
    url,
    async close() {
      await inner.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** A new, empty database on the PostgreSQL server (not migrated): its URL, and how to drop it again. */
export async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  return { url: databaseUrl(name), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}
