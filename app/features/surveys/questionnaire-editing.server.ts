import { and, asc, desc, eq, gt, lt, sql } from "drizzle-orm";
import { diffFields } from "~/features/audit";
import { type Actor, auditedChange } from "~/features/audit/index.server";
import { surveyQuestionnaires, surveyQuestions } from "~/features/surveys/schema.server";
import {
  AdminInputError,
  consoleAction,
  intentOf,
  invalid,
  pgErrorCode,
  UNIQUE_VIOLATION,
  unknownIntent,
} from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { textFields } from "~/platform/form-data";
import type { AppRuntime } from "~/platform/runtime.server";
import { EVENT, GONE, guarded } from "./console-outcome.server";
import {
  idSchema,
  moveSchema,
  type QuestionInput,
  questionnaireSchema,
  questionSchema,
} from "./console-schema";

/* ------------------------------------------------------------------------------------------------
 * One questionnaire: its title and introduction, its questions (add, edit, move, delete).
 * --------------------------------------------------------------------------------------------- */

/** The questionnaire's row, locked: two colleagues editing at once are applied one after the other. */
async function lockedQuestionnaire(tx: Db, id: string) {
  const [row] = await tx
    .select()
    .from(surveyQuestionnaires)
    .where(eq(surveyQuestionnaires.id, id))
    .for("update");
  if (!row) throw new AdminInputError(GONE);
  if (!row.editable) throw new AdminInputError("Ce questionnaire ne peut pas être modifié.");
  return row;
}

async function questionOf(tx: Db, questionnaireId: string, id: string) {
  const [row] = await tx
    .select()
    .from(surveyQuestions)
    .where(and(eq(surveyQuestions.id, id), eq(surveyQuestions.questionnaireId, questionnaireId)));
  if (!row) throw new AdminInputError("Cette question n'existe plus : rechargez la page.");
  return row;
}

const ROLE_TAKEN =
  "Ce questionnaire a déjà une question avec ce rôle : retirez-le d'abord de l'autre question.";

/** Runs a questionnaire change; a second question with the same role is a French refusal. */
async function editQuestionnaire(
  app: AppRuntime,
  actor: Actor,
  id: string,
  change: (
    tx: Db,
    title: string,
  ) => Promise<{ action: "create" | "update" | "delete"; changes: unknown; title?: string }>,
) {
  try {
    await auditedChange(app, actor, EVENT, async (tx) => {
      const row = await lockedQuestionnaire(tx, id);
      const done = await change(tx, row.title);
      await tx
        .update(surveyQuestionnaires)
        .set({ updatedAt: new Date() })
        .where(eq(surveyQuestionnaires.id, id));
      return {
        action: done.action,
        entity: "questionnaire",
        entityId: id,
        details: { title: done.title ?? row.title, changes: done.changes },
      };
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AdminInputError(ROLE_TAKEN, "role");
    throw error;
  }
}

const questionValues = (q: QuestionInput) => ({
  label: q.label,
  type: q.type,
  required: q.required,
  options: q.options,
  employedOptions: q.employedOptions,
  role: q.role,
});

export const questionnaireAction = consoleAction(
  {
    update: "surveys:write",
    "question-add": "surveys:write",
    "question-update": "surveys:write",
    "question-delete": "surveys:write",
    "question-move": "surveys:write",
  },
  async (app, actor, form) => {
    const intent = intentOf(form);
    const fields = textFields(form);
    const target = idSchema.safeParse({ id: fields.questionnaireId });
    if (!target.success) return invalid(intent, "Questionnaire introuvable", target.error);
    const id = target.data.id;
    if (intent === "update") {
      const title = "Questionnaire non enregistré";
      const parsed = questionnaireSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, title, parsed.error);
      return guarded(app, intent, title, async () => {
        await editQuestionnaire(app, actor, id, async (tx) => {
          const [before] = await tx
            .select()
            .from(surveyQuestionnaires)
            .where(eq(surveyQuestionnaires.id, id));
          await tx.update(surveyQuestionnaires).set(parsed.data).where(eq(surveyQuestionnaires.id, id));
          return {
            action: "update",
            title: parsed.data.title,
            changes: diffFields("questionnaire", { title: before?.title, intro: before?.intro }, parsed.data),
          };
        });
        return "Questionnaire enregistré";
      });
    }
    if (intent === "question-add" || intent === "question-update") {
      const title = intent === "question-add" ? "Question non ajoutée" : "Question non enregistrée";
      const parsed = questionSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, title, parsed.error);
      const values = questionValues(parsed.data);
      if (intent === "question-add") {
        return guarded(app, intent, title, async () => {
          await editQuestionnaire(app, actor, id, async (tx) => {
            const [last] = await tx
              .select({ n: sql<number>`coalesce(max(${surveyQuestions.position}), 0)::int` })
              .from(surveyQuestions)
              .where(eq(surveyQuestions.questionnaireId, id));
            await tx
              .insert(surveyQuestions)
              .values({ ...values, questionnaireId: id, position: (last?.n ?? 0) + 1 });
            return { action: "update", changes: [{ field: "label", from: "", to: values.label }] };
          });
          return "Question ajoutée";
        });
      }
      const question = idSchema.safeParse({ id: fields.id });
      if (!question.success) return invalid(intent, title, question.error);
      return guarded(app, intent, title, async () => {
        await editQuestionnaire(app, actor, id, async (tx) => {
          const before = await questionOf(tx, id, question.data.id);
          await tx
            .update(surveyQuestions)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(surveyQuestions.id, before.id));
          return {
            action: "update",
            changes: diffFields(
              "questionnaire",
              questionValues({ ...before, role: before.role as QuestionInput["role"] }),
              values,
            ),
          };
        });
        return "Question enregistrée";
      });
    }
    if (intent === "question-delete") {
      // Allowed even for the question that carries the 'overall' or 'situation' role: staff may
      // replace it with a better-worded one (and give that one the role), which a refusal would
      // prevent without a detour. The console's confirmation says that the published indicator
      // ('Taux de satisfaction', 'Taux d'insertion à N mois') is then no longer computed from this
      // questionnaire's new answers (deleteQuestionWarning, question-roles.ts), and the journal keeps it.
      const title = "Question non supprimée";
      const question = idSchema.safeParse({ id: fields.id });
      if (!question.success) return invalid(intent, title, question.error);
      return guarded(app, intent, title, async () => {
        await editQuestionnaire(app, actor, id, async (tx) => {
          const before = await questionOf(tx, id, question.data.id);
          await tx.delete(surveyQuestions).where(eq(surveyQuestions.id, before.id));
          return { action: "update", changes: [{ field: "label", from: before.label, to: "" }] };
        });
        return "Question supprimée";
      });
    }
    if (intent === "question-move") {
      const title = "Question non déplacée";
      const parsed = moveSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, title, parsed.error);
      return guarded(app, intent, title, async () => {
        await editQuestionnaire(app, actor, id, async (tx) => {
          const moved = await questionOf(tx, id, parsed.data.id);
          const up = parsed.data.direction === "up";
          const [other] = await tx
            .select()
            .from(surveyQuestions)
            .where(
              and(
                eq(surveyQuestions.questionnaireId, id),
                up
                  ? lt(surveyQuestions.position, moved.position)
                  : gt(surveyQuestions.position, moved.position),
              ),
            )
            .orderBy(up ? desc(surveyQuestions.position) : asc(surveyQuestions.position))
            .limit(1);
          if (!other) return { action: "update", changes: [] };
          await tx
            .update(surveyQuestions)
            .set({ position: other.position })
            .where(eq(surveyQuestions.id, moved.id));
          await tx
            .update(surveyQuestions)
            .set({ position: moved.position })
            .where(eq(surveyQuestions.id, other.id));
          return {
            action: "update",
            changes: [{ field: "position", from: moved.label, to: up ? "plus haut" : "plus bas" }],
          };
        });
        return "Question déplacée";
      });
    }
    return unknownIntent(intent);
  },
);
