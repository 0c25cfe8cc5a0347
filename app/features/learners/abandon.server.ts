import { eq } from "drizzle-orm";
import { diffFields } from "~/features/audit";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import type { Db } from "~/platform/db/client.server";
import { learnerTitleOf } from "./audit-record.server";
import { learners } from "./schema.server";

/**
 * A learner's abandon recorded from elsewhere (an absence follow-up 'Abandon'): the one status learners
 * keep for it ('dropped_out', 'Abandon' in Stagiaires) and its day, audited as a change of the
 * learner's file. A learner already marked so keeps their day. Answers whether the status changed.
 */
export async function recordAbandon(tx: Db, actor: Actor, learnerId: string, day: string): Promise<boolean> {
  const [before] = await tx
    .select({ status: learners.status, abandonedOn: learners.abandonedOn })
    .from(learners)
    .where(eq(learners.id, learnerId))
    .for("update");
  if (!before || before.status === "dropped_out") return false;
  const values = { status: "dropped_out" as const, abandonedOn: day };
  await tx
    .update(learners)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(learners.id, learnerId));
  await writeAudit(tx, actor, {
    action: "update",
    entity: "learner",
    entityId: learnerId,
    details: { title: await learnerTitleOf(tx, learnerId), changes: diffFields("learner", before, values) },
  });
  return true;
}
