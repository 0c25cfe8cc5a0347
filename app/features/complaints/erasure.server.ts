/**
 * A complaint's personal data: erased by an administrator (droit à l'effacement) or at the end of the
 * retention period, 3 years after closing. What identifies the author goes (name, e-mail, phone,
 * organisation, the complaint's text, the replies' text, the e-mails that quoted them); the register
 * entry stays (reference, category, session, dates, status, corrective action), so that the register
 * and Statistiques still count it.
 */

import { and, eq, inArray, sql } from "drizzle-orm";
import { type Actor, auditedChange, purgeInBatches } from "~/features/audit/index.server";
import { complaintEvents, complaints } from "~/features/complaints/schema.server";
import { AdminInputError } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { mailOutbox } from "~/platform/mail/schema.server";
import type { AppRuntime } from "~/platform/runtime.server";
import { COMPLAINT_RETENTION_MONTHS } from "./statuses";

/** Empties the personal data of `ids` (rows the caller has locked). */
async function emptyComplaints(tx: Db, ids: string[]): Promise<void> {
  const now = new Date();
  await tx
    .update(complaints)
    .set({
      firstName: null,
      lastName: null,
      email: null,
      phone: null,
      organisation: null,
      description: null,
      // Which learner wrote it from their space says who the author was.
      learnerId: null,
      erasedAt: now,
      updatedAt: now,
    })
    .where(inArray(complaints.id, ids));
  // A reply quotes and names the author; status changes and the corrective action are the centre's.
  await tx
    .update(complaintEvents)
    .set({ body: null })
    .where(and(inArray(complaintEvents.complaintId, ids), eq(complaintEvents.kind, "reply")));
  await tx.delete(mailOutbox).where(inArray(mailOutbox.complaintId, ids));
}

const GONE = "Cette réclamation n'existe plus.";
export const ALREADY_ERASED = "Les données personnelles de cette réclamation sont déjà effacées.";

/** An administrator's erasure of one complaint's personal data, audited with its reference only. */
export async function eraseComplaint(app: AppRuntime, actor: Actor, id: string): Promise<void> {
  await auditedChange(app, actor, { table: "complaints", op: "update" }, async (tx) => {
    const [row] = await tx
      .select({ reference: complaints.reference, erasedAt: complaints.erasedAt })
      .from(complaints)
      .where(eq(complaints.id, id))
      .for("update");
    if (!row) throw new AdminInputError(GONE);
    if (row.erasedAt) throw new AdminInputError(ALREADY_ERASED);
    await emptyComplaints(tx, [id]);
    return { action: "erase", entity: "complaint", entityId: id, details: { title: row.reference } };
  });
}

/**
 * Erases the personal data of complaints closed more than `months` months ago (3 years by default),
 * in batches shared safely between instances, each audited as the server's with a count. Run by the
 * hourly retention round (applications' RetentionWorker).
 */
export function anonymiseExpiredComplaints(db: Db, months = COMPLAINT_RETENTION_MONTHS): Promise<number> {
  return purgeInBatches(db, {
    entity: "complaint",
    retentionMonths: months,
    table: complaints,
    id: complaints.id,
    // closed_at is set exactly while the complaint is 'Close' (reopening clears it).
    due: sql`${complaints.erasedAt} is null and ${complaints.closedAt} < now() - make_interval(months => ${months})`,
    oldest: complaints.closedAt,
    apply: emptyComplaints,
  });
}
