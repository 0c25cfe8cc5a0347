// How the Journal d'activité speaks of contact requests: registered by app/boot (features/audit/registry.ts).
import { eq, inArray } from "drizzle-orm";
import { shortRef } from "~/features/audit";
import type { AuditDeclaration } from "~/features/audit/index.server";
import { contactRequests } from "~/features/leads/schema.server";
import type { Db } from "~/platform/db/client.server";
import { CONTACT_STATUS_LABELS } from "./statuses";

export const contactRequestAudit: AuditDeclaration = {
  entity: "contact_request",
  kind: "Demandes de contact",
  label: "la demande de contact",
  fields: {
    status: ["Statut", true],
  },
  values: { status: CONTACT_STATUS_LABELS },
  find: async (db, ids) =>
    (
      await db
        .select({ id: contactRequests.id })
        .from(contactRequests)
        .where(inArray(contactRequests.id, ids))
    ).map((c) => ({ id: c.id, href: `/admin/contacts?demande=${c.id}` })),
};

// Titles: how the Journal names a record, written with each entry at the time of the change, never a
// person (the log outlives an erased candidate or request). The migration that named older entries
// writes the same shapes in SQL (the migration journal_record_titles).

/** A contact request: the course asked about, and a short reference. */
export async function contactTitleOf(tx: Db, id: string): Promise<string> {
  const [row] = await tx
    .select({ about: contactRequests.formationInterest })
    .from(contactRequests)
    .where(eq(contactRequests.id, id));
  const ref = `réf. ${shortRef(id)}`;
  return row?.about ? `${row.about} (${ref})` : `Demande (${ref})`;
}
