import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { processIsAlive } from "../process-alive.server";
import { copyPgliteTemplate, templateDir } from "./pglite-template.server";

/**
 * The query builder both drivers share; every feature is written against it. It knows no table: each
 * feature declares its own (its schema.server.ts) and names them in its queries; the relational
 * `db.query.*` API, which would need them all here, is not used.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  driver: "pglite" | "pg";
  /** Raw SQL with positional parameters, for the few statements Drizzle does not express. */
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /** Resolves when migrations have run. */
  migrate(): Promise<void>;
  /** LISTEN on PostgreSQL; null on PGlite, where everything happens in one process. */
  listen: ((channel: string, onPayload: (payload: string) => void) => Promise<void>) | null;
  /** Connections for the metrics: pg's pool counts; PGlite is one connection inside the process. */
  poolStats(): Record<"total" | "max", number> & Partial<Record<"idle" | "waiting", number>>;
  close(): Promise<void>;
}

/** Where the SQL migrations are; the server passes MIGRATIONS_DIR from its configuration. */
export const DEFAULT_MIGRATIONS_DIR = path.resolve("./drizzle");

export interface OpenOptions {
  migrationsDir?: string;
}

// A fixed key so that several instances starting at once run the migrations one after another.
const MIGRATION_LOCK_KEY = 727_272;

export async function openPostgres(
  url: string,
  { poolSize = 10, migrationsDir = DEFAULT_MIGRATIONS_DIR }: OpenOptions & { poolSize?: number } = {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => {});
  const db = drizzlePg(pool) as unknown as Db;
  let listener: pg.Client | null = null;
  return {
    db,
    driver: "pg",
    async query<T>(text: string, values?: unknown[]) {
      const result = await pool.query(text, values);
      return result.rows as T[];
    },
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client), { migrationsFolder: migrationsDir });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async listen(channel, onPayload) {
      if (!listener) {
        listener = new pg.Client({ connectionString: url });
        listener.on("error", () => {});
        await listener.connect();
        listener.on("notification", (msg) => {
          if (msg.payload !== undefined) onPayload(msg.payload);
        });
      }
      await listener.query(`listen ${pg.escapeIdentifier(channel)}`);
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    async close() {
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

/**
 * PGlite writes no lock of its own and a second process on the same folder silently loses writes,
 * so we keep a pid file beside the data and refuse to open a folder in use.
 */
function takeLock(dir: string): () => void {
  const lockFile = `${dir}.lock`;
  try {
    const holder = Number(readFileSync(lockFile, "utf8"));
    if (holder && holder !== process.pid && processIsAlive(holder)) {
      throw new Error(
        `La base embarquée ${dir} est déjà ouverte par le processus ${holder}. Arrêtez-le ou choisissez un autre DATA_DIR.`,
      );
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

/**
 * Embedded PostgreSQL. `dir` null keeps everything in memory (tests). `template`: a data folder made
 * by the build (pglite-template.server.ts), copied into `dir` when `dir` does not exist yet.
 */
export async function openPglite(
  dir: string | null,
  options: OpenOptions & { template?: string } = {},
): Promise<Database> {
  const migrationsDir = options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR;
  let release = () => {};
  if (dir) {
    mkdirSync(path.dirname(dir), { recursive: true });
    release = takeLock(dir);
    if (options.template) copyPgliteTemplate(options.template, dir);
  }
  const client = await PGlite.create({
    // The console's search indexes need them (see the console_paging migration).
    extensions: { pg_trgm, unaccent },
    ...(dir ? { dataDir: dir } : {}),
  });
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    driver: "pglite",
    async query<T>(text: string, values?: unknown[]) {
      const result = await client.query<T>(text, values);
      return result.rows;
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsDir });
    },
    listen: null,
    poolStats: () => ({ total: 1, max: 1 }),
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

export async function openDatabase(config: {
  databaseUrl: string | null;
  dataDir: string;
  pgPoolSize: number;
  migrationsDir: string;
  buildDir: string;
}): Promise<Database> {
  const { migrationsDir } = config;
  if (config.databaseUrl)
    return openPostgres(config.databaseUrl, { poolSize: config.pgPoolSize, migrationsDir });
  return openPglite(path.join(config.dataDir, "db"), {
    migrationsDir,
    template: templateDir(config.buildDir),
  });
}
