// How the Journal d'activité speaks of the site's pages: registered by app/boot (features/audit/registry.ts).
import type { AuditDeclaration } from "~/features/audit/index.server";
import { PAGES } from "./definitions";

export const pageAudit: AuditDeclaration = {
  entity: "site_page",
  kind: "Pages",
  label: "la page",
  // A page of Pages: its fields by name, as its editor labels them (definitions.ts), the text itself
  // never copied into the log (it is long). A name two pages share takes the first page's label.
  fields: Object.fromEntries(
    PAGES.flatMap((page) =>
      page.fields.map((field) => [field.name, [field.label, false] as const]),
    ).reverse(),
  ),
  // A page always exists (its default text until saved): its editor in Pages.
  record: (row) => {
    if (!row.entityId) return undefined;
    const name = typeof row.details?.title === "string" ? row.details.title : row.entityId;
    return { name, href: `/admin/pages/${row.entityId}` };
  },
};
