// How the Journal d'activité speaks of personal spaces' invitations: registered by app/boot
// (features/audit/registry.ts). The title written with each entry names the learner's session and
// reference, or the payer, never a person.
import type { AuditDeclaration } from "~/features/audit/index.server";

export const spaceMemberAudit: AuditDeclaration = {
  entity: "space_member",
  kind: "Espaces personnels",
  label: "l'accès à l'espace personnel",
  // The learner's short reference is for the log, not for staff to read: the line names the session
  // and says the learner was invited (Stagiaires shows who, on the session's list).
  record: (row) => ({
    name:
      typeof row.details?.title === "string"
        ? row.details.title.replace(/stagiaire, réf\. [0-9a-z]+/, "stagiaire invité·e")
        : "Espace personnel",
    href: null,
  }),
};
