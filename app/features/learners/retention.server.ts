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
 * What other features erase with a learner's personal data (positioning: the questionnaire's answers,
 * which may speak of a disability). They lean on learners, so app/boot registers them here.
 */
export type LearnersAnonymised = (tx: Db, learnerIds: string[]) => Promise<unknown>;

// A set: registering the same listener again (a module evaluated twice in development) adds nothing.
const anonymisedListeners = new Set<LearnersAnonymised>();

export function onLearnersAnonymised(listener: LearnersAnonymised): void {
  anonymisedListeners.add(listener);
}

/** Anonymises learners `ids` inside `tx`, and has the registered features erase what they keep of them. */
export async function anonymiseLearners(tx: Db, ids: string[], now = new Date()): Promise<void> {
  await tx.update(learners).set(anonymised(now)).where(inArray(learners.id, ids));
  for (const listener of anonymisedListeners) await listener(tx, ids);
}

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
    apply: (tx, ids) => anonymiseLearners(tx, ids),
  });
}
