// How the Journal d'activité speaks of personal spaces: invitations and requested documents, registered
// by app/boot (features/audit/registry.ts). The title written with each entry names the learner's
// session and reference, or the payer, never a person.
import type { AuditDeclaration } from "~/features/audit/index.server";

/** The learner's short reference is for the log, not for staff to read: the line names the session. */
const withoutReference = (title: unknown, fallback: string, learner: string) =>
  typeof title === "string" ? title.replace(/stagiaire, réf\. [0-9a-z]+/, learner) : fallback;

export const spaceMemberAudit: AuditDeclaration = {
  entity: "space_member",
  kind: "Espaces personnels",
  label: "l'accès à l'espace personnel",
  // The line says the learner was invited (Stagiaires shows who, on the session's list).
  record: (row) => ({
    name: withoutReference(row.details?.title, "Espace personnel", "stagiaire invité·e"),
    href: null,
  }),
};

/** 'Demander un document' (staff) and the file the learner sent from their space. */
export const requestedDocumentAudit: AuditDeclaration = {
  entity: "requested_document",
  kind: "Documents demandés aux stagiaires",
  label: "le document demandé",
  record: (row) => ({
    name: withoutReference(row.details?.title, "Document demandé", "stagiaire"),
    href: null,
  }),
};
