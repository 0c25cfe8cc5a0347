// How the Journal d'activité speaks of testimonials: registered by app/boot (features/audit/registry.ts).
import { inArray } from "drizzle-orm";
import { shortRef } from "~/features/audit";
import { type AuditDeclaration, listSearchedFor } from "~/features/audit/index.server";
import { testimonials } from "~/features/testimonials/schema.server";
import { TESTIMONIAL_AUDIT_FIELDS } from "~/features/testimonials/testimonial-entity";

export const testimonialAudit: AuditDeclaration = {
  entity: "testimonial",
  kind: "Témoignages",
  label: "le témoignage",
  fields: TESTIMONIAL_AUDIT_FIELDS,
  // Linked to the list searched on the author's name, never named by it (the entry keeps a reference).
  find: async (db, ids) =>
    (
      await db
        .select({ id: testimonials.id, name: testimonials.name })
        .from(testimonials)
        .where(inArray(testimonials.id, ids))
    ).map((r) => ({ id: r.id, href: listSearchedFor("/admin/temoignages", r.name) })),
};

// Titles: how the Journal names a record, written with each entry at the time of the change, never a
// person (the log outlives an erased candidate or request). The migration that named older entries
// writes the same shapes in SQL (the migration journal_record_titles).

export const testimonialTitle = (id: string) => `Témoignage (réf. ${shortRef(id)})`;
