import { randomBytes } from "node:crypto";
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import { convertNextSessions } from "~/features/catalogue/sessions.server";
import { seedDemo } from "~/features/demo/seed.server";
import { type Database, openPglite, openPostgres } from "~/platform/db/client.server";
import { adminQuery, databaseUrl } from "./pg-admin";
import { scratchDir } from "./scratch";

/** Which database the integration suite runs on: `DB_DRIVER=pg` for PostgreSQL, else PGlite. */
export const DRIVER = process.env.DB_DRIVER === "pg" ? "pg" : "pglite";

export { PG_ADMIN_URL } from "./pg-admin";

/** A test database; `url` lets a test open more connections to it, as another instance would (pg only). */
export type TestDatabase = Database & { url: string | null };

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's template (see createTemplate): a PGlite data folder, or a PostgreSQL database name. */
    databaseTemplate?: string;
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
 * fresh instance runs initdb (seconds of WebAssembly) and then the migrations; a copy of the data
 * folder skips both, and is opened where it lies, as the server opens its DATA_DIR (loading a dump
 * of it into memory instead cost 13 % more CPU over the PGlite suite: 312 → 271 CPU-s on 2 cores).
 * On PostgreSQL each copy is `CREATE DATABASE … TEMPLATE`.
 * Answers the reference test files receive through `inject`, and how to remove the template.
 */
export async function createTemplate(): Promise<{ ref: string; drop(): Promise<void> }> {
  if (DRIVER === "pglite") {
    const dir = scratchDir("cfa-template-");
    const data = path.join(dir, "pgdata");
    const database = await openPglite(data);
    try {
      await migrateAndSeed(database);
    } finally {
      await database.close();
    }
    return { ref: data, drop: async () => rmSync(dir, { recursive: true, force: true }) };
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
 * global set-up made one (else built from scratch in memory), in a folder of its own on PGlite, or a
 * new database on the PostgreSQL server; `close()` removes either again. Nothing is shared between
 * test files.
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
    // A copy of the template's folder, opened where it lies, as the server opens its DATA_DIR.
    const dir = scratchDir("cfa-db-");
    const data = path.join(dir, "pgdata");
    cpSync(template, data, { recursive: true });
    const inner = await openPglite(data);
    return {
      ...inner,
      url: null,
      async close() {
        await inner.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
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
