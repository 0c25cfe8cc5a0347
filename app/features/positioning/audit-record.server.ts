// How the Journal d'activité speaks of positioning: the questionnaire sent (on admission or by staff)
// and the adaptation decided, registered by app/boot (features/audit/registry.ts). The entry's record
// is the learner (its id), its title their session and reference: never the answers, never the words
// of the adaptation (they may speak of health).
import type { AuditDeclaration } from "~/features/audit/index.server";
import { positioningHref } from "./paths";

export const positioningAudit: AuditDeclaration = {
  entity: "positioning",
  kind: "Positionnements",
  label: "le positionnement",
  fields: {
    adaptation: ["Adaptation décidée", false],
    noAdaptation: ["Aucune adaptation nécessaire", false],
  },
  record: (row) => ({
    name:
      typeof row.details?.title === "string"
        ? row.details.title.replace(/stagiaire, réf\. [0-9a-z]+/, "stagiaire")
        : "Positionnement",
    href: row.entityId ? positioningHref(row.entityId) : null,
  }),
};
