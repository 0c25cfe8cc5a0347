/**
 * A réclamation's fields, each declared once (app/platform/entity.ts): the console's record page and
 * forms, the corrective action's check (console-schema.ts), the Journal's wording (audit-record.server.ts),
 * the register's CSV columns (register.server.ts) and the staff's notification read them here. The
 * public forms ask the author in their own words ('Vous êtes', 'Votre réclamation'). What the author
 * wrote is theirs: the Journal names a change to it, never its text. Browser-safe.
 */
import { auditFields, type FieldDeclaration, fieldLabels } from "~/platform/entity";

export const COMPLAINT_FIELDS = {
  reference: { label: "Référence", audit: "shown" },
  createdAt: { label: "Reçue le", audit: "shown" },
  authorType: { label: "Auteur", audit: "shown" },
  // The site's form or the learner's personal space (kept when the author's data is erased).
  channel: { label: "Canal", audit: "shown" },
  // The author's company or funder; the Journal and the register say 'Structure', never 'Organisme',
  // which the console keeps for the centre itself.
  organisation: { label: "Structure", audit: "named" },
  email: { label: "E-mail", audit: "named" },
  phone: { label: "Téléphone", audit: "named" },
  category: { label: "Catégorie", audit: "shown" },
  sessionLabel: { label: "Session concernée", audit: "shown" },
  description: { label: "Description", audit: "named" },
  status: { label: "Statut", audit: "shown" },
  correctiveAction: { label: "Action corrective", audit: "named", text: { max: 5000 } },
  reply: { label: "Réponse à l'auteur", audit: "named" },
  handledAt: { label: "Traitée le", audit: "shown" },
  handlingDelay: { label: "Délai de traitement", audit: "shown" },
  closedAt: { label: "Close le", audit: "shown" },
  erasedAt: { label: "Données personnelles effacées", audit: "shown" },
} as const satisfies Record<string, FieldDeclaration>;

export const COMPLAINT_FIELD_LABELS = /* @__PURE__ */ fieldLabels(COMPLAINT_FIELDS);
export const COMPLAINT_AUDIT_FIELDS = /* @__PURE__ */ auditFields(COMPLAINT_FIELDS);

/** The register's columns (Qualiopi indicator 31), in order: what an auditor checks, no contact details. */
export const COMPLAINTS_REGISTER_COLUMNS = (
  [
    "reference",
    "createdAt",
    "channel",
    "authorType",
    "organisation",
    "category",
    "sessionLabel",
    "status",
    "correctiveAction",
    "handledAt",
    "handlingDelay",
    "closedAt",
    "erasedAt",
  ] as const
).map((f) => COMPLAINT_FIELD_LABELS[f]);
