// How the Journal d'activité speaks of learners: registered by app/boot (features/audit/registry.ts).
import { eq, inArray } from "drizzle-orm";
import { shortRef } from "~/features/audit";
import type { AuditDeclaration } from "~/features/audit/index.server";
import { sessionTitle } from "~/features/catalogue/index.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { learners } from "~/features/learners/schema.server";
import type { Db } from "~/platform/db/client.server";
import { LEARNER_AUDIT_FIELDS } from "./learner-entity";
import { CERTIFICATION_OUTCOME_LABELS, LEARNER_FUNDING_LABELS, LEARNER_STATUS_LABELS } from "./vocabulary";

/** How a learner's title names them when written (learnerTitleOf): replaced by their name when shown. */
const LEARNER_REF = /stagiaire, réf\. [0-9a-z]+/;

export const learnerAudit: AuditDeclaration = {
  entity: "learner",
  kind: "Stagiaires",
  label: "le ou la stagiaire",
  fields: LEARNER_AUDIT_FIELDS,

  values: {
    status: LEARNER_STATUS_LABELS,
    certification: CERTIFICATION_OUTCOME_LABELS,
    fundingSource: LEARNER_FUNDING_LABELS,
  },
  // A learner is named as they are now (the log keeps only a reference): by their name while the
  // record has it, 'stagiaire anonymisé·e' once the retention period has erased it.
  find: async (db, ids) =>
    (
      await db
        .select({
          id: learners.id,
          sessionId: learners.sessionId,
          firstName: learners.firstName,
          lastName: learners.lastName,
          anonymisedAt: learners.anonymisedAt,
        })
        .from(learners)
        .where(inArray(learners.id, ids))
    ).map((l) => {
      const name = [l.firstName, l.lastName].filter(Boolean).join(" ");
      const person = l.anonymisedAt || !name ? "stagiaire anonymisé·e" : name;
      return { id: l.id, href: `/admin/stagiaires?session=${l.sessionId}`, name: person };
    }),
  // The written title's 'stagiaire, réf. 1a2b3c4d' becomes the person; an erased record is said so.
  record: (row, found) => {
    if (!row.entityId) return undefined;
    const written = typeof row.details?.title === "string" ? row.details.title : "";
    const person = found?.name ?? "stagiaire effacé·e";
    const name = LEARNER_REF.test(written) ? written.replace(LEARNER_REF, person) : written || person;
    return { name, href: found?.href ?? null };
  },
};

// Titles: how the Journal names a record, written with each entry at the time of the change, never a
// person (the log outlives an erased candidate or request). The migration that named older entries
// writes the same shapes in SQL (the migration journal_record_titles).

/** A learner: their session and a short reference ('…, session du 04/01/2027 (stagiaire, réf. 1a2b3c4d)'). */
export async function learnerTitleOf(tx: Db, learnerId: string): Promise<string> {
  const [row] = await tx
    .select({ title: formations.title, startDate: formationSessions.startDate })
    .from(learners)
    .innerJoin(formationSessions, eq(formationSessions.id, learners.sessionId))
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(eq(learners.id, learnerId));
  const ref = `stagiaire, réf. ${shortRef(learnerId)}`;
  return row ? `${sessionTitle(row.title, row.startDate)} (${ref})` : `Stagiaire (${ref})`;
}
