// How the Journal d'activité speaks of the site's pages: registered by app/boot (features/audit/registry.ts).
import type { AuditDeclaration } from "~/features/audit/index.server";

export const pageAudit: AuditDeclaration = {
  entity: "site_page",
  kind: "Pages",
  label: "la page",
  // A page of Pages: its fields by name, the text itself never copied into the log (it is long).
  fields: {
    heroTitle: ["Titre principal", false],
    heroText: ["Accroche", false],
    goalsTitle: ["Titre de la section « objectif »", false],
    goalsText: ["Texte de la section « objectif »", false],
    intro: ["Introduction", false],
    certifications: ["Autres labels et référencements", false],
    mission: ["Notre mission", false],
    teamTitle: ["Titre de l'encadré « équipe »", false],
    teamText: ["Texte de l'encadré « équipe »", false],
    badge: ["Bandeau", false],
    body: ["Texte", false],
    description: ["Description pour les moteurs de recherche", false],
  },
  // A page always exists (its default text until saved): its editor in Pages.
  record: (row) => {
    if (!row.entityId) return undefined;
    const name = typeof row.details?.title === "string" ? row.details.title : row.entityId;
    return { name, href: `/admin/pages/${row.entityId}` };
  },
};
