import { and, asc, count, desc, eq, gt, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { diffFields } from "~/features/audit";
import { type Actor, auditedChange, writeAudit } from "~/features/audit/index.server";
import {
  surveyAnswers,
  surveyInvitations,
  surveyQuestionnaires,
  surveyQuestions,
} from "~/features/surveys/schema.server";
import {
  AdminInputError,
  consoleAction,
  failure,
  intentOf,
  invalid,
  pgErrorCode,
  success,
  UNIQUE_VIOLATION,
  unknownIntent,
} from "~/platform/console/action.server";
import { CSV_BOM, csvLine } from "~/platform/csv.server";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import { textFields } from "~/platform/form-data";
import { formatDateTime } from "~/platform/paris-time";
import { plural } from "~/platform/plural";
import type { AppRuntime } from "~/platform/runtime.server";
import {
  type AnswerFilters,
  idSchema,
  moveSchema,
  newQuestionnaireSchema,
  type QuestionInput,
  questionnaireSchema,
  questionSchema,
  type SendInput,
  sendSchema,
} from "./console-schema";
import { surveyDelaysSchema } from "./delays";
import { invite, type LinkKeys, type Recipient, sessionRecipients, sessionTarget } from "./sending.server";
import { getSurveySettings, saveSurveySettings } from "./survey-settings.server";
import { QUESTIONNAIRE_KIND_LABELS, SURVEY_WAVE_LABELS, type SurveyWave } from "./vocabulary";

const EVENT = { table: "survey_invitations", op: "update" } as const;
const GONE = "Ce questionnaire n'existe plus.";

/* ------------------------------------------------------------------------------------------------
 * Reading: the questionnaires, the sessions' sending status, the answers.
 * --------------------------------------------------------------------------------------------- */

export async function listQuestionnaires(db: Db) {
  return rows<{
    id: string;
    title: string;
    kind: "a_chaud" | "a_froid" | "autre";
    editable: boolean;
    questions: number;
    invited: number;
    answered: number;
  }>(
    db,
    sql`select q.id, q.title, q.kind, q.editable,
               (select count(*)::int from survey_questions qq where qq.questionnaire_id = q.id) as questions,
               (select count(*)::int from survey_invitations i where i.questionnaire_id = q.id) as invited,
               (select count(*)::int from survey_invitations i where i.questionnaire_id = q.id and i.answered_at is not null) as answered
          from survey_questionnaires q
         order by case q.kind when 'a_chaud' then 0 when 'a_froid' then 1 else 2 end, q.title, q.id`,
  );
}
export type QuestionnaireRow = Awaited<ReturnType<typeof listQuestionnaires>>[number];

export async function getQuestionnaire(db: Db, id: string) {
  const [questionnaire] = await db.select().from(surveyQuestionnaires).where(eq(surveyQuestionnaires.id, id));
  if (!questionnaire) return null;
  const questions = await db
    .select()
    .from(surveyQuestions)
    .where(eq(surveyQuestions.questionnaireId, id))
    .orderBy(asc(surveyQuestions.position), asc(surveyQuestions.id));
  const [used] = await db
    .select({ n: count() })
    .from(surveyInvitations)
    .where(eq(surveyInvitations.questionnaireId, id));
  return { questionnaire, questions, invited: used?.n ?? 0 };
}
export type QuestionnaireDetails = NonNullable<Awaited<ReturnType<typeof getQuestionnaire>>>;

/**
 * The sessions ended in the last 18 months or running now, newest first, with their learners and,
 * per wave, how many were invited, reminded and answered, and the day each automatic wave leaves.
 */
export async function sessionsStatus(db: Db) {
  const { coldDelayMonths } = await getSurveySettings(db);
  return rows<{
    id: string;
    title: string;
    startDate: string;
    endDate: string;
    coldDate: string;
    learners: number;
    waves: Record<SurveyWave, { invited: number; reminded: number; answered: number }> | null;
  }>(
    db,
    sql`select s.id, f.title, s.start_date::text as "startDate", s.end_date::text as "endDate",
               (s.end_date + make_interval(months => ${coldDelayMonths}::int))::date::text as "coldDate",
               (select count(*)::int from learners l where l.session_id = s.id and l.status <> 'dropped_out') as learners,
               (select jsonb_object_agg(w.wave, jsonb_build_object('invited', w.invited, 'reminded', w.reminded, 'answered', w.answered))
                  from (select i.wave, count(*)::int as invited, count(i.reminded_at)::int as reminded,
                               count(i.answered_at)::int as answered
                          from survey_invitations i where i.session_id = s.id group by i.wave) w) as waves
          from formation_sessions s join formations f on f.id = s.formation_id
         where s.end_date >= (current_date - interval '18 months')::date and s.start_date <= current_date + 60
         order by s.end_date desc, f.title
         limit 200`,
  );
}
export type SessionStatusRow = Awaited<ReturnType<typeof sessionsStatus>>[number];

export const ANSWERS_PAGE_SIZE = 50;

/** The answered invitations of a questionnaire (and session), newest first, each with its answers. */
export async function answersOf(db: Db, filters: AnswerFilters, limit = ANSWERS_PAGE_SIZE) {
  if (!filters.questionnaire) return null;
  const details = await getQuestionnaire(db, filters.questionnaire);
  if (!details) return null;
  const where = and(
    eq(surveyInvitations.questionnaireId, filters.questionnaire),
    isNotNull(surveyInvitations.answeredAt),
    filters.session ? eq(surveyInvitations.sessionId, filters.session) : undefined,
  );
  const [[total], invitations] = await Promise.all([
    db.select({ n: count() }).from(surveyInvitations).where(where),
    db
      .select({
        id: surveyInvitations.id,
        email: surveyInvitations.email,
        wave: surveyInvitations.wave,
        sessionId: surveyInvitations.sessionId,
        answeredAt: surveyInvitations.answeredAt,
      })
      .from(surveyInvitations)
      .where(where)
      .orderBy(desc(surveyInvitations.answeredAt), desc(surveyInvitations.id))
      .limit(limit),
  ]);
  const ids = invitations.map((i) => i.id);
  const answers = ids.length
    ? await db
        .select({
          invitationId: surveyAnswers.invitationId,
          questionId: surveyAnswers.questionId,
          value: surveyAnswers.value,
        })
        .from(surveyAnswers)
        .where(inArray(surveyAnswers.invitationId, ids))
    : [];
  const byInvitation = new Map<string, Record<string, string>>();
  for (const a of answers) {
    const given = byInvitation.get(a.invitationId) ?? {};
    given[a.questionId] = a.value;
    byInvitation.set(a.invitationId, given);
  }
  return {
    questionnaire: details.questionnaire,
    questions: details.questions,
    total: total?.n ?? 0,
    responses: invitations.map((i) => ({ ...i, answers: byInvitation.get(i.id) ?? {} })),
  };
}

/** Every answer of a questionnaire (and session) as CSV for French Excel, one line per person, audited. */
export async function exportAnswers(db: Db, actor: Actor, filters: AnswerFilters): Promise<string | null> {
  const questionnaireId = filters.questionnaire;
  if (!questionnaireId) return null;
  return db.transaction(async (tx) => {
    const details = await getQuestionnaire(tx, questionnaireId);
    if (!details) return null;
    const found = await rows<{
      id: string;
      email: string | null;
      wave: SurveyWave;
      answered_at: Date;
      formation: string | null;
      start_date: string | null;
      answers: Record<string, string> | null;
    }>(
      tx,
      sql`select i.id, i.email, i.wave, i.answered_at, f.title as formation, s.start_date::text,
                 (select jsonb_object_agg(a.question_id, a.value) from survey_answers a where a.invitation_id = i.id) as answers
            from survey_invitations i
            left join formation_sessions s on s.id = i.session_id
            left join formations f on f.id = coalesce(s.formation_id, i.formation_id)
           where i.questionnaire_id = ${questionnaireId} and i.answered_at is not null
             ${filters.session ? sql`and i.session_id = ${filters.session}` : sql``}
           order by i.answered_at, i.id`,
    );
    await writeAudit(tx, actor, {
      action: "export",
      entity: "questionnaire",
      entityId: questionnaireId,
      details: { title: details.questionnaire.title, count: found.length },
    });
    const header = [
      "Formation",
      "Début de session",
      "Envoi",
      "E-mail",
      "Répondu le",
      ...details.questions.map((q) => q.label),
    ];
    const lines = found.map((r) =>
      csvLine([
        r.formation,
        r.start_date ? r.start_date.split("-").reverse().join("/") : "",
        SURVEY_WAVE_LABELS[r.wave],
        r.email,
        formatDateTime(r.answered_at),
        ...details.questions.map((q) => r.answers?.[q.id] ?? ""),
      ]),
    );
    return CSV_BOM + csvLine(header) + lines.join("");
  });
}

/* ------------------------------------------------------------------------------------------------
 * Enquêtes: creating a questionnaire, sending one now.
 * --------------------------------------------------------------------------------------------- */

const keysOf = (app: AppRuntime): LinkKeys => ({
  publicUrl: app.config.publicUrl,
  secret: app.config.authSecret,
});

/**
 * 'Envoyer maintenant'. To a session's learners (not 'Abandon'): an à-chaud or à-froid questionnaire
 * counts as that wave, so the automatic sending will not ask them again; any other as a manual
 * sending. To pasted addresses: a manual sending, about the session when one is chosen. Whoever
 * already received this questionnaire for this session is skipped. Answers how many were invited.
 */
async function sendNow(app: AppRuntime, actor: Actor, input: SendInput): Promise<number> {
  let invited = 0;
  await auditedChange(app, actor, EVENT, async (tx) => {
    const [questionnaire] = await tx
      .select({
        id: surveyQuestionnaires.id,
        title: surveyQuestionnaires.title,
        kind: surveyQuestionnaires.kind,
      })
      .from(surveyQuestionnaires)
      .where(eq(surveyQuestionnaires.id, input.questionnaireId));
    if (!questionnaire) throw new AdminInputError(GONE, "questionnaireId");
    const session = input.sessionId ? await sessionTarget(tx, input.sessionId) : null;
    if (input.sessionId && !session) throw new AdminInputError("Cette session n'existe plus.", "sessionId");
    let wave: SurveyWave = "manuel";
    let recipients: Recipient[];
    if (input.target === "learners" && session) {
      if (questionnaire.kind !== "autre") wave = questionnaire.kind;
      recipients = await sessionRecipients(tx, session.id, wave === "manuel" ? undefined : wave);
      if (recipients.length === 0) {
        throw new AdminInputError(
          "Aucun·e stagiaire de cette session n'est à interroger : tous et toutes ont déjà reçu ce questionnaire, ou la session n'en a pas (hors abandons).",
          "sessionId",
        );
      }
    } else {
      recipients = input.addresses.map((email) => ({ learnerId: null, email, firstName: null }));
    }
    invited = await invite(tx, keysOf(app), questionnaire.id, session, wave, recipients);
    return {
      action: "send",
      entity: "questionnaire",
      entityId: questionnaire.id,
      details: {
        title: questionnaire.title,
        count: invited,
        wave,
        ...(session ? { session: `${session.title}, ${session.dates}` } : {}),
        target: input.target,
      },
    };
  });
  app.mail.wake();
  return invited;
}

async function createQuestionnaire(
  app: AppRuntime,
  actor: Actor,
  input: { title: string; intro: string; kind: "a_chaud" | "a_froid" | "autre" },
) {
  let id = "";
  try {
    await auditedChange(app, actor, EVENT, async (tx) => {
      const [row] = await tx
        .insert(surveyQuestionnaires)
        .values(input)
        .returning({ id: surveyQuestionnaires.id });
      if (!row) throw new Error("questionnaire insert returned no row");
      id = row.id;
      return { action: "create", entity: "questionnaire", entityId: row.id, details: { title: input.title } };
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) {
      throw new AdminInputError(
        `Il existe déjà un questionnaire ${QUESTIONNAIRE_KIND_LABELS[input.kind].toLowerCase()} : modifiez-le plutôt.`,
        "kind",
      );
    }
    throw error;
  }
  return id;
}

/**
 * The Enquêtes screen's action: a new questionnaire (surveys:write), 'Envoyer maintenant'
 * (surveys:send), and the delays, which Paramètres shows and posts here (settings:write).
 */
export const surveysAction = consoleAction(
  { create: "surveys:write", send: "surveys:send", delays: "settings:write" },
  async (app, actor, form) => {
    const intent = intentOf(form);
    const fields = textFields(form);
    if (intent === "delays") {
      const title = "Délais des enquêtes non enregistrés";
      const parsed = surveyDelaysSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, title, parsed.error);
      return guarded(app, intent, title, async () => {
        const before = await getSurveySettings(app.db);
        const changes = diffFields("centre_settings", before, parsed.data);
        if (changes.length === 0) return "Délais des enquêtes enregistrés";
        await auditedChange(app, actor, { table: "centre_settings", op: "update" }, async (tx) => {
          await saveSurveySettings(tx, parsed.data);
          return {
            action: "update",
            entity: "centre_settings",
            entityId: "1",
            details: { title: "Délais des enquêtes", changes },
          };
        });
        return "Délais des enquêtes enregistrés";
      });
    }
    if (intent === "create") {
      const title = "Questionnaire non créé";
      const parsed = newQuestionnaireSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, title, parsed.error);
      return guarded(app, intent, title, async () => {
        await createQuestionnaire(app, actor, parsed.data);
        return "Questionnaire créé";
      });
    }
    if (intent === "send") {
      const title = "Questionnaire non envoyé";
      const parsed = sendSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, title, parsed.error);
      return guarded(app, intent, title, async () => {
        const n = await sendNow(app, actor, parsed.data);
        return n === 0
          ? "Aucun nouvel envoi : chaque destinataire avait déjà reçu ce questionnaire"
          : `${plural(n, "invitation envoyée", "invitations envoyées")}`;
      });
    }
    return unknownIntent(intent);
  },
);

/** `attempt`, with a success title the work itself decides (how many were sent). */
async function guarded(app: AppRuntime, intent: string, errorTitle: string, run: () => Promise<string>) {
  try {
    return success(intent, await run());
  } catch (error) {
    if (error instanceof AdminInputError) {
      return failure(
        intent,
        errorTitle,
        400,
        error.message,
        error.field ? { [error.field]: error.message } : undefined,
      );
    }
    app.logger.error({ err: error, intent }, "admin mutation failed");
    return failure(intent, errorTitle, 500, "Réessayez dans un instant.");
  }
}

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
      // ('Taux de satisfaction', 'Taux d'insertion à 3 mois') is then no longer computed from this
      // questionnaire's new answers (deleteQuestionWarning), and the journal keeps the deletion.
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
