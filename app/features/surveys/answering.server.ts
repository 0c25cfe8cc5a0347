import { and, asc, eq, gt } from "drizzle-orm";
import {
  surveyAnswers,
  surveyInvitations,
  surveyQuestionnaires,
  surveyQuestions,
} from "~/features/surveys/schema.server";
import type { Db } from "~/platform/db/client.server";
import { type AskedQuestion, checkAnswers } from "./answer-rules";
import { sessionTarget } from "./sending.server";
import { hashToken, TOKEN_SHAPE } from "./tokens.server";

/** What a link opens: the questionnaire with the answers already given, a closed survey, or nothing. */
export type SurveyLink =
  | {
      state: "open";
      invitationId: string;
      title: string;
      intro: string;
      session: { title: string; dates: string } | null;
      closesAt: Date;
      answeredAt: Date | null;
      questions: AskedQuestion[];
      /** Field name → the value given last time. */
      given: Record<string, string>;
    }
  | { state: "closed"; closesAt: Date }
  | { state: "unknown" };

async function invitationOf(db: Db, token: string) {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db
    .select({
      id: surveyInvitations.id,
      questionnaireId: surveyInvitations.questionnaireId,
      sessionId: surveyInvitations.sessionId,
      closesAt: surveyInvitations.closesAt,
      answeredAt: surveyInvitations.answeredAt,
    })
    .from(surveyInvitations)
    .where(eq(surveyInvitations.tokenHash, hashToken(token)));
  return row ?? null;
}

export async function questionsOf(db: Db, questionnaireId: string): Promise<AskedQuestion[]> {
  return db
    .select({
      id: surveyQuestions.id,
      type: surveyQuestions.type,
      label: surveyQuestions.label,
      required: surveyQuestions.required,
      options: surveyQuestions.options,
    })
    .from(surveyQuestions)
    .where(eq(surveyQuestions.questionnaireId, questionnaireId))
    .orderBy(asc(surveyQuestions.position), asc(surveyQuestions.id));
}

/** The answering page's reading of a link at `now`. */
export async function openSurveyLink(db: Db, token: string, now = new Date()): Promise<SurveyLink> {
  const invitation = await invitationOf(db, token);
  if (!invitation) return { state: "unknown" };
  if (invitation.closesAt <= now) return { state: "closed", closesAt: invitation.closesAt };
  const [[questionnaire], questions, answers, session] = await Promise.all([
    db
      .select({ title: surveyQuestionnaires.title, intro: surveyQuestionnaires.intro })
      .from(surveyQuestionnaires)
      .where(eq(surveyQuestionnaires.id, invitation.questionnaireId)),
    questionsOf(db, invitation.questionnaireId),
    db
      .select({ questionId: surveyAnswers.questionId, value: surveyAnswers.value })
      .from(surveyAnswers)
      .where(eq(surveyAnswers.invitationId, invitation.id)),
    invitation.sessionId ? sessionTarget(db, invitation.sessionId) : null,
  ]);
  if (!questionnaire) return { state: "unknown" };
  return {
    state: "open",
    invitationId: invitation.id,
    title: questionnaire.title,
    intro: questionnaire.intro,
    session: session ? { title: session.title, dates: session.dates } : null,
    closesAt: invitation.closesAt,
    answeredAt: invitation.answeredAt,
    questions,
    given: Object.fromEntries(answers.map((a) => [`q-${a.questionId}`, a.value])),
  };
}

export type SubmitOutcome =
  | { state: "saved"; replaced: boolean }
  | { state: "invalid"; errors: Record<string, string>; values: Record<string, string> }
  | { state: "closed" }
  | { state: "unknown" };

/**
 * Stores the answers posted through a link: checked against the questionnaire's questions, then,
 * in one transaction that holds the invitation's row, the earlier answers deleted and the new ones
 * written, so that a second submission replaces the first (one answer per person) and two at once
 * leave one of them whole. Refused once the survey has closed.
 */
export async function submitSurveyAnswers(
  db: Db,
  token: string,
  form: FormData,
  now = new Date(),
): Promise<SubmitOutcome> {
  const invitation = await invitationOf(db, token);
  if (!invitation) return { state: "unknown" };
  if (invitation.closesAt <= now) return { state: "closed" };
  const questions = await questionsOf(db, invitation.questionnaireId);
  const read = (field: string) => {
    const value = form.get(field);
    return typeof value === "string" ? value : "";
  };
  const checked = checkAnswers(questions, read);
  if (!checked.ok) {
    const values = Object.fromEntries(questions.map((q) => [`q-${q.id}`, read(`q-${q.id}`)]));
    return { state: "invalid", errors: checked.errors, values };
  }
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ id: surveyInvitations.id, answeredAt: surveyInvitations.answeredAt })
      .from(surveyInvitations)
      .where(and(eq(surveyInvitations.id, invitation.id), gt(surveyInvitations.closesAt, now)))
      .for("update");
    if (!held) return { state: "closed" } as const;
    await tx.delete(surveyAnswers).where(eq(surveyAnswers.invitationId, held.id));
    const values = [...checked.answers].map(([questionId, value]) => ({
      invitationId: held.id,
      questionId,
      value,
    }));
    if (values.length) await tx.insert(surveyAnswers).values(values);
    await tx.update(surveyInvitations).set({ answeredAt: now }).where(eq(surveyInvitations.id, held.id));
    return { state: "saved", replaced: held.answeredAt !== null } as const;
  });
}
