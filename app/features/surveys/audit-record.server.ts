// How the Journal d'activité speaks of questionnaires: registered by app/boot (features/audit/registry.ts).
import { inArray } from "drizzle-orm";
import type { AuditDeclaration } from "~/features/audit/index.server";
import { surveyQuestionnaires } from "~/features/surveys/schema.server";
import { QUESTIONNAIRE_AUDIT_FIELDS } from "./survey-entity";

export const questionnaireAudit: AuditDeclaration = {
  entity: "questionnaire",
  kind: "Enquêtes",
  label: "le questionnaire",
  fields: QUESTIONNAIRE_AUDIT_FIELDS,

  find: async (db, ids) =>
    (
      await db
        .select({ id: surveyQuestionnaires.id, title: surveyQuestionnaires.title })
        .from(surveyQuestionnaires)
        .where(inArray(surveyQuestionnaires.id, ids))
    ).map((q) => ({ id: q.id, href: `/admin/enquetes/${q.id}`, name: q.title })),
};
