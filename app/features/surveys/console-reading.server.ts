import { type AnyColumn, and, asc, count, desc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import {
  surveyAnswers,
  surveyInvitations,
  surveyQuestionnaires,
  surveyQuestions,
} from "~/features/surveys/schema.server";
import { CSV_BOM, csvLine } from "~/platform/csv.server";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import { formatDateTime } from "~/platform/paris-time";
import type { AnswerFilters } from "./console-schema";
import { noCounts } from "./rates";
import { sessionResponseCounts } from "./stakeholders.server";
import { getSurveySettings } from "./survey-settings.server";
import {
  type QuestionnaireKind,
  SURVEY_WAVE_LABELS,
  type SurveyAudience,
  type SurveyWave,
} from "./vocabulary";

/* ------------------------------------------------------------------------------------------------
 * Reading: the questionnaires, the sessions' sending status, the answers.
 * --------------------------------------------------------------------------------------------- */

export async function listQuestionnaires(db: Db) {
  return rows<{
    id: string;
    title: string;
    kind: QuestionnaireKind;
    audience: SurveyAudience;
    editable: boolean;
    questions: number;
    invited: number;
    answered: number;
  }>(
    db,
    sql`select q.id, q.title, q.kind, q.audience, q.editable,
               (select count(*)::int from survey_questions qq where qq.questionnaire_id = q.id) as questions,
               (select count(*)::int from survey_invitations i where i.questionnaire_id = q.id) as invited,
               (select count(*)::int from survey_invitations i where i.questionnaire_id = q.id and i.answered_at is not null) as answered
          from survey_questionnaires q
         order by case q.kind when 'a_chaud' then 0 when 'a_froid' then 1 else 2 end,
                  array_position(enum_range(null::survey_audience), q.audience), q.title, q.id`,
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
 * per wave, how many were invited, reminded and answered, the day each automatic wave leaves, and
 * per audience (learners, employers, trainers, funders) how many were asked and answered.
 */
export async function sessionsStatus(db: Db) {
  const { coldDelayMonths } = await getSurveySettings(db);
  const sessions = await rows<{
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
  const counts = await sessionResponseCounts(
    db,
    sessions.map((s) => s.id),
  );
  return sessions.map((s) => ({ ...s, audiences: counts.get(s.id) ?? noCounts() }));
}
export type SessionStatusRow = Awaited<ReturnType<typeof sessionsStatus>>[number];

export const ANSWERS_PAGE_SIZE = 50;

/** The filters' period on an answer's time: its Paris day from `from` to `to`, both included. */
export function answeredWithin(answeredAt: SQL | AnyColumn, { from, to }: AnswerFilters): SQL {
  const day = sql`(${answeredAt} at time zone 'Europe/Paris')::date`;
  return sql`${from ? sql`${day} >= ${from}::date` : sql`true`} and ${to ? sql`${day} <= ${to}::date` : sql`true`}`;
}

/** The answered invitations of a questionnaire (and session), newest first, each with its answers. */
export async function answersOf(db: Db, filters: AnswerFilters, limit = ANSWERS_PAGE_SIZE) {
  if (!filters.questionnaire) return null;
  const details = await getQuestionnaire(db, filters.questionnaire);
  if (!details) return null;
  const where = and(
    eq(surveyInvitations.questionnaireId, filters.questionnaire),
    isNotNull(surveyInvitations.answeredAt),
    filters.session ? eq(surveyInvitations.sessionId, filters.session) : undefined,
    answeredWithin(surveyInvitations.answeredAt, filters),
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
             and ${answeredWithin(sql`i.answered_at`, filters)}
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
