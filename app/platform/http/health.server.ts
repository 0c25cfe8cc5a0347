import { readFileSync } from "node:fs";
import path from "node:path";
import type { Express } from "express";
import type { Database } from "~/platform/db/client.server";
import type { AppRuntime } from "../runtime.server";

/** When the newest migration shipped with this build was generated (drizzle's journal). */
function newestMigrationMillis(folder: string): number {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/**
 * True when the database has every migration this build ships: drizzle records each applied one
 * in drizzle.__drizzle_migrations with the journal's timestamp, and applies in order.
 */
export async function migrationsApplied(database: Database, folder: string): Promise<boolean> {
  const [row] = await database.query<{ newest: string | null }>(
    "select max(created_at)::text as newest from drizzle.__drizzle_migrations",
  );
  return Number(row?.newest ?? 0) >= newestMigrationMillis(folder);
}

/**
 * Liveness and readiness apart, as orchestrators expect:
 * - GET /healthz: the process answers (no database round trip), so a slow database does not get
 *   healthy instances restarted. The server listens only once migrated, so the first 200 also
 *   means it started.
 * - GET /readyz: the database answers and has every migration of this build; a load balancer
 *   sends traffic only while it is 200.
 */
export function healthRoutes(app: Express, runtime: AppRuntime): void {
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").status(200).json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      if (!(await migrationsApplied(runtime.database, runtime.config.migrationsDir))) {
        res.status(503).json({ status: "migrations pending" });
        return;
      }
      res.status(200).json({ status: "ready" });
    } catch (error) {
      runtime.logger.error({ err: error }, "readyz: database unreachable");
      res.status(503).json({ status: "database unreachable" });
    }
  });
}
