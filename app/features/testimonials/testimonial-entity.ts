/**
 * A testimonial's fields, each declared once (app/platform/entity.ts): the dialog's labels, the plain
 * text fields' checks (testimonial-schema.ts) and the Journal's wording (audit-record.server.ts) read
 * them here. The author's name and words are personal: the Journal names a change to them, never its
 * values. Browser-safe.
 */
import { auditFields, type FieldDeclaration, fieldLabels } from "~/platform/entity";

export const TESTIMONIAL_FIELDS = {
  rating: { label: "Note", audit: "shown" },
  active: { label: "Témoignage actif", audit: "shown" },
  formationId: { label: "Formation", audit: "named" },
  name: { label: "Nom", audit: "named", text: { max: 200, required: true } },
  content: { label: "Témoignage", audit: "named", text: { max: 5000, required: true } },
  company: { label: "Entreprise", audit: "named", text: { max: 200 } },
  position: { label: "Poste", audit: "named", text: { max: 200 } },
  imageId: { label: "Photo", audit: "named" },
  videoUrl: { label: "Vidéo (URL)", audit: "named" },
} as const satisfies Record<string, FieldDeclaration>;

export const TESTIMONIAL_FIELD_LABELS = /* @__PURE__ */ fieldLabels(TESTIMONIAL_FIELDS);
export const TESTIMONIAL_AUDIT_FIELDS = /* @__PURE__ */ auditFields(TESTIMONIAL_FIELDS);
