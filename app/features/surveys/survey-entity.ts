/**
 * A questionnaire's fields and its questions', each declared once (app/platform/entity.ts): the
 * console's forms, the limits the server checks (console-schema.ts, with its own words for a blank
 * title or question), the Journal's wording (audit-record.server.ts: a question's change is the
 * questionnaire's) and the answers' CSV columns read them here. Browser-safe.
 */
import { auditFields, type FieldDeclaration, fieldLabels } from "~/platform/entity";

export const QUESTIONNAIRE_FIELDS = {
  title: { label: "Titre", audit: "shown", text: { max: 120, required: true } },
  intro: { label: "Introduction", audit: "named", text: { max: 1000 } },
} as const satisfies Record<string, FieldDeclaration>;

export const QUESTION_FIELDS = {
  label: { label: "Question", audit: "shown", text: { max: 300, required: true } },
  type: { label: "Type de réponse", audit: "shown" },
  required: { label: "Réponse obligatoire", audit: "shown" },
  options: { label: "Réponses proposées", audit: "shown" },
  employedOptions: { label: "Réponses comptées « en emploi »", audit: "shown" },
  role: { label: "Rôle dans les indicateurs publiés", audit: "shown" },
  position: { label: "Ordre", audit: "shown" },
} as const satisfies Record<string, FieldDeclaration>;

export const QUESTIONNAIRE_FIELD_LABELS = /* @__PURE__ */ fieldLabels(QUESTIONNAIRE_FIELDS);
export const QUESTION_FIELD_LABELS = /* @__PURE__ */ fieldLabels(QUESTION_FIELDS);
export const QUESTIONNAIRE_AUDIT_FIELDS = /* @__PURE__ */ auditFields({
  ...QUESTIONNAIRE_FIELDS,
  ...QUESTION_FIELDS,
});
