import { and, inArray, isNull, lt, sql } from "drizzle-orm";
import { writeAudit } from "~/features/journal/index.server";
import type { Db } from "~/platform/db/client.server";
import { formationSessions, learners } from "~/platform/db/schema.server";

/** Learners anonymised per transaction: each one stays short, however many are due. */
const BATCH = 200;

/**
 * Anonymises the learners of sessions that ended more than `months` months ago (the applications'
 * retention period, APPLICATION_RETENTION_MONTHS): name, e-mail and company are removed, the status,
 * abandon date and certification outcome stay, so that a year's published results (completion,
 * success) keep their sample without keeping anyone's identity. In batches claimed with FOR UPDATE
 * SKIP LOCKED, so several instances share the work; each batch audited as the server's, with a count.
 */
export async function anonymiseExpiredLearners(db: Db, months: number): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: learners.id })
        .from(learners)
        .innerJoin(formationSessions, sql`${formationSessions.id} = ${learners.sessionId}`)
        .where(
          and(
            isNull(learners.anonymisedAt),
            lt(formationSessions.endDate, sql`(current_date - make_interval(months => ${months}))::date`),
          ),
        )
        .limit(BATCH)
        .for("update", { of: learners, skipLocked: true });
      if (!due.length) return 0;
      const now = new Date();
      await tx
        .update(learners)
        .set({
          firstName: null,
          lastName: null,
          email: null,
          company: null,
          anonymisedAt: now,
          updatedAt: now,
        })
        .where(
          inArray(
            learners.id,
            due.map((r) => r.id),
          ),
        );
      await writeAudit(tx, null, {
        action: "purge",
        entity: "learner",
        details: { count: due.length, retentionMonths: months },
      });
      return due.length;
    });
    done += batch;
    if (batch < BATCH) return done;
  }
}
