import { inArray, sql } from "drizzle-orm";
import { purgeInBatches } from "~/features/audit/index.server";
import { formationSessions } from "~/features/catalogue/schema.server";
import { learners } from "~/features/learners/schema.server";
import type { Db } from "~/platform/db/client.server";

/**
 * What anonymising a learner clears: who they are, where they live, their Mon Compte Formation file and
 * their payer's contact (a person too; the company or funder itself is not). The status, abandon date
 * and certification outcome stay, and so does every record pointing to the row.
 */
export const anonymised = (now: Date) => ({
  firstName: null,
  lastName: null,
  email: null,
  company: null,
  address: null,
  cpfFileNumber: null,
  payerContactName: null,
  payerContactEmail: null,
  anonymisedAt: now,
  updatedAt: now,
});

/**
 * Anonymises the learners of sessions that ended more than `months` months ago (the learners'
 * retention period set in Paramètres, five years by default): name, e-mail, company, address, Mon Compte Formation file and the payer's contact are
 * removed, the status, abandon date and certification outcome stay, so that a year's published
 * results (completion, success) keep their sample without keeping anyone's identity. In batches
 * shared safely between instances, each audited as the server's with a count (journal's
 * purgeInBatches).
 */
export function anonymiseExpiredLearners(db: Db, months: number): Promise<number> {
  return purgeInBatches(db, {
    entity: "learner",
    retentionMonths: months,
    table: learners,
    id: learners.id,
    due: sql`${learners.anonymisedAt} is null and ${learners.sessionId} in (
      select ${formationSessions.id} from ${formationSessions}
      where ${formationSessions.endDate} < (current_date - make_interval(months => ${months}))::date)`,
    apply: async (tx, ids) => {
      await tx.update(learners).set(anonymised(new Date())).where(inArray(learners.id, ids));
    },
  });
}
