// How the Journal d'activité speaks of applications: registered by app/boot (features/audit/registry.ts).
import { eq, inArray } from "drizzle-orm";
import { applications } from "~/features/applications/schema.server";
import { shortRef } from "~/features/audit";
import type { AuditDeclaration } from "~/features/audit/index.server";
import { sessionTitle } from "~/features/catalogue/index.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import type { Db } from "~/platform/db/client.server";
import { APPLICATION_AUDIT_FIELDS } from "./application-entity";
import { APPLICATION_STATUS_LABELS } from "./status";

export const applicationAudit: AuditDeclaration = {
  entity: "application",
  kind: "Candidatures",
  label: "la candidature",
  fields: APPLICATION_AUDIT_FIELDS,
  values: { status: APPLICATION_STATUS_LABELS },
  find: async (db, ids) =>
    (await db.select({ id: applications.id }).from(applications).where(inArray(applications.id, ids))).map(
      (a) => ({ id: a.id, href: `/admin/candidatures/${a.id}` }),
    ),
};

// Titles: how the Journal names a record, written with each entry at the time of the change, never a
// person (the log outlives an erased candidate or request). The migration that named older entries
// writes the same shapes in SQL (the migration journal_record_titles).

/** A candidature: its formation, its session and a short reference. */
export async function applicationTitleOf(tx: Db, applicationId: string): Promise<string> {
  const [row] = await tx
    .select({ title: formations.title, startDate: formationSessions.startDate })
    .from(applications)
    .innerJoin(formationSessions, eq(formationSessions.id, applications.sessionId))
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(eq(applications.id, applicationId));
  const ref = `réf. ${shortRef(applicationId)}`;
  return row ? `${sessionTitle(row.title, row.startDate)} (${ref})` : `Candidature (${ref})`;
}
