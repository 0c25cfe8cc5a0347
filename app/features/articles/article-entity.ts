/**
 * An article's fields, each declared once (app/platform/entity.ts): the dialog's labels, the plain text
 * fields' checks (article-schema.ts) and the Journal's wording (audit-record.server.ts) read them here.
 * Browser-safe.
 */
import { auditFields, type FieldDeclaration, fieldLabels } from "~/platform/entity";

export const ARTICLE_FIELDS = {
  title: { label: "Titre", audit: "shown", text: { max: 200, required: true } },
  slug: { label: "Adresse de la page", audit: "shown" },
  category: { label: "Catégorie", audit: "shown", text: { max: 100 } },
  published: { label: "Publier l'article", auditLabel: "Publié", audit: "shown" },
  excerpt: { label: "Extrait", audit: "named", text: { max: 1000 } },
  // The text is written in Markdown, which the dialog's label says to the writer; the Journal says 'Contenu'.
  content: { label: "Contenu (Markdown)", auditLabel: "Contenu", audit: "named" },
  // The picture's address before the médiathèque (older articles keep it until a picture is chosen).
  featuredImage: { label: "Image (URL)", audit: "named" },
  imageId: { label: "Image (carte, page et aperçu des liens)", auditLabel: "Image", audit: "named" },
  publishAt: { label: "Publication programmée", audit: "named" },
  unpublishAt: { label: "Dépublication programmée", audit: "named" },
} as const satisfies Record<string, FieldDeclaration>;

export const ARTICLE_FIELD_LABELS = /* @__PURE__ */ fieldLabels(ARTICLE_FIELDS);
export const ARTICLE_AUDIT_FIELDS = /* @__PURE__ */ auditFields(ARTICLE_FIELDS);
