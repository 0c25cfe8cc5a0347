import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "~/platform/db/client.server";
import { writeAudit } from "./audit.server";
import type { AuditEntity } from "./log";

/** Rows handled per transaction: each one stays short, however many are due. */
export const PURGE_BATCH = 200;

/**
 * The shape every retention purge shares (applications deleted, learners and complaints anonymised):
 * in a transaction, at most PURGE_BATCH rows of `table` matching `due` are claimed with FOR UPDATE
 * SKIP LOCKED (so several instances share the work, and none waits for another or for a colleague
 * editing one), `apply` deletes or empties them, and the batch is audited as the server's with a
 * count and the period, never whose rows they were. Repeats until a batch comes back short; answers
 * how many rows went.
 */
export async function purgeInBatches(
  db: Db,
  job: {
    entity: AuditEntity;
    retentionMonths: number;
    table: PgTable;
    id: AnyPgColumn;
    /** Which rows are due; `oldest` (optional) orders them, the longest overdue first. */
    due: SQL;
    oldest?: AnyPgColumn;
    apply: (tx: Db, ids: string[]) => Promise<void>;
  },
): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const claimed = await tx
        .select({ id: sql<string>`${job.id}` })
        .from(job.table)
        .where(job.due)
        .orderBy(job.oldest ?? job.id)
        .limit(PURGE_BATCH)
        .for("update", { skipLocked: true });
      const ids = claimed.map((r) => r.id);
      if (!ids.length) return 0;
      await job.apply(tx, ids);
      await writeAudit(tx, null, {
        action: "purge",
        entity: job.entity,
        details: { count: ids.length, retentionMonths: job.retentionMonths },
      });
      return ids.length;
    });
    done += batch;
    if (batch < PURGE_BATCH) return done;
  }
}
