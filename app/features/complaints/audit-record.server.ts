// How the Journal d'activité speaks of complaints: registered by app/boot (features/audit/registry.ts).
import { inArray } from "drizzle-orm";
import type { AuditDeclaration } from "~/features/audit/index.server";
import { complaints } from "~/features/complaints/schema.server";
import { COMPLAINT_AUDIT_FIELDS } from "./complaint-entity";
import { COMPLAINT_STATUS_LABELS } from "./statuses";

export const complaintAudit: AuditDeclaration = {
  entity: "complaint",
  kind: "Réclamations",
  label: "la réclamation",
  fields: COMPLAINT_AUDIT_FIELDS,

  values: { status: COMPLAINT_STATUS_LABELS },
  find: async (db, ids) =>
    (await db.select({ id: complaints.id }).from(complaints).where(inArray(complaints.id, ids))).map((c) => ({
      id: c.id,
      href: `/admin/reclamations/${c.id}`,
    })),
};
