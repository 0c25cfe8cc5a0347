/**
 * A candidature's fields, each declared once (app/platform/entity.ts): the console's record page, the
 * online form's limits (content.ts's APPLICATION_LIMITS, which the browser's and the server's checks
 * read) and the Journal's wording (audit-record.server.ts) read them here. The online form asks the
 * candidate in their own words (`asked`, 'Vos motivations') what the console names ('Motivations').
 * What the candidate wrote is theirs: the Journal only ever shows the status. Browser-safe.
 */
import { auditFields, type FieldDeclaration, fieldLabels } from "~/platform/entity";

interface ApplicationField extends FieldDeclaration {
  /** The online form's question, where it speaks to the candidate differently from the console. */
  asked?: string;
}

export const APPLICATION_FIELDS = {
  session: { label: "Session", asked: "Session choisie", audit: "named" },
  email: { label: "E-mail", audit: "named" },
  phone: { label: "Téléphone", audit: "named" },
  situation: { label: "Situation actuelle", audit: "named" },
  financing: { label: "Financement envisagé", audit: "named" },
  lastDiploma: { label: "Dernier diplôme obtenu", audit: "named", text: { max: 200, required: true } },
  motivation: {
    label: "Motivations",
    asked: "Vos motivations",
    audit: "named",
    text: { max: 3000, required: true },
  },
  accommodation: {
    label: "Besoin d'aménagement",
    asked: "Besoin d'un aménagement (situation de handicap)\u202f?",
    audit: "named",
    text: { max: 2000 },
  },
  createdAt: { label: "Reçue le", audit: "shown" },
  consentAt: { label: "Consentement", audit: "named" },
  status: { label: "Statut", audit: "shown" },
  interviewAt: { label: "Entretien", audit: "shown" },
} as const satisfies Record<string, ApplicationField>;

export const APPLICATION_FIELD_LABELS = /* @__PURE__ */ fieldLabels(APPLICATION_FIELDS);
export const APPLICATION_AUDIT_FIELDS = /* @__PURE__ */ auditFields(APPLICATION_FIELDS);
