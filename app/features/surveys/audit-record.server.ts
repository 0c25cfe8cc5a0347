// How the Journal d'activité speaks of questionnaires: registered by app/boot (features/audit/registry.ts).
import { inArray } from "drizzle-orm";
import type { AuditDeclaration } from "~/features/audit/index.server";
import { surveyQuestionnaires } from "~/features/surveys/schema.server";

export const questionnaireAudit: AuditDeclaration = {
  entity: "questionnaire",
  kind: "Enquêtes",
  label: "le questionnaire",
  fields: {
    title: ["Titre", true],
    intro: ["Introduction", false],
    label: ["Question", true],
    type: ["Type de question", true],
    required: ["Obligatoire", true],
    options: ["Réponses proposées", true],
    employedOptions: ["Réponses comptées « en emploi »", true],
    role: ["Rôle dans les indicateurs", true],
    position: ["Ordre", true],
  },
  find: async (db, ids) =>
    (
      await db
        .select({ id: surveyQuestionnaires.id, title: surveyQuestionnaires.title })
        .from(surveyQuestionnaires)
        .where(inArray(surveyQuestionnaires.id, ids))
    ).map((q) => ({ id: q.id, href: `/admin/enquetes/${q.id}`, name: q.title })),
};
