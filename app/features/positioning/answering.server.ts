import { and, eq, isNull, type SQL } from "drizzle-orm";
import { formatDateRange } from "~/features/catalogue";
import { getCentreSettings } from "~/features/settings/index.server";
import { type AskedQuestion, checkAnswers, fieldOf } from "~/features/surveys";
import { hashToken, TOKEN_SHAPE } from "~/features/surveys/index.server";
import type { Db } from "~/platform/db/client.server";
import { positioningLearner } from "./learner.server";
import { positioningIntro, positioningQuestions } from "./questions";
import { type PositioningAnswer, positionings } from "./schema.server";

/** Which positioning a page answers: by the e-mailed link's token, or the learner's own in their space. */
export type PositioningOf = { token: string } | { learnerId: string };

/** What the questionnaire's page shows: the questions, or that it was answered, or nothing. */
export type PositioningForm =
  | {
      state: "open";
      firstName: string | null;
      formation: string;
      dates: string;
      intro: string[];
      questions: AskedQuestion[];
    }
  | { state: "answered"; answeredAt: Date }
  | { state: "unknown" };

function whereOf(of: PositioningOf): SQL | null {
  if ("learnerId" in of) return eq(positionings.learnerId, of.learnerId);
  return TOKEN_SHAPE.test(of.token) ? eq(positionings.tokenHash, hashToken(of.token)) : null;
}

async function positioningRow(db: Db, of: PositioningOf) {
  const where = whereOf(of);
  if (!where) return null;
  const [row] = await db
    .select({ id: positionings.id, learnerId: positionings.learnerId, answeredAt: positionings.answeredAt })
    .from(positionings)
    .where(where);
  return row ?? null;
}

/** The questionnaire a learner answers, read for its page. */
export async function openPositioning(db: Db, of: PositioningOf): Promise<PositioningForm> {
  const row = await positioningRow(db, of);
  if (!row) return { state: "unknown" };
  if (row.answeredAt) return { state: "answered", answeredAt: row.answeredAt };
  const [learner, centre] = await Promise.all([positioningLearner(db, row.learnerId), getCentreSettings(db)]);
  if (!learner || learner.anonymisedAt) return { state: "unknown" };
  return {
    state: "open",
    firstName: learner.firstName,
    formation: learner.formation,
    dates: formatDateRange(learner.startDate, learner.endDate),
    intro: positioningIntro({
      name: centre.referentName,
      email: centre.referentEmail,
      phone: centre.referentPhone,
    }),
    questions: positioningQuestions(learner.prerequisites),
  };
}

export type PositioningOutcome =
  | { state: "saved" }
  | { state: "invalid"; errors: Record<string, string>; values: Record<string, string> }
  | { state: "answered"; answeredAt: Date }
  | { state: "unknown" };

/**
 * Stores a learner's answers, checked by the surveys' rules against the questions the formation asks,
 * each kept with its question's words. Once only: the conditional UPDATE … WHERE answered_at IS NULL
 * lets one of two submissions at once win, and a link already answered is refused.
 */
export async function answerPositioning(
  db: Db,
  of: PositioningOf,
  form: FormData,
  now = new Date(),
): Promise<PositioningOutcome> {
  const row = await positioningRow(db, of);
  if (!row) return { state: "unknown" };
  if (row.answeredAt) return { state: "answered", answeredAt: row.answeredAt };
  const learner = await positioningLearner(db, row.learnerId);
  if (!learner || learner.anonymisedAt) return { state: "unknown" };
  const questions = positioningQuestions(learner.prerequisites);
  const read = (field: string) => {
    const value = form.get(field);
    return typeof value === "string" ? value : "";
  };
  const checked = checkAnswers(questions, read);
  if (!checked.ok) {
    const values = Object.fromEntries(questions.map((q) => [fieldOf(q.id), read(fieldOf(q.id))]));
    return { state: "invalid", errors: checked.errors, values };
  }
  const answers: PositioningAnswer[] = questions.flatMap((q) => {
    const answer = checked.answers.get(q.id);
    return answer === undefined ? [] : [{ key: q.id, question: q.label, answer }];
  });
  const saved = await db
    .update(positionings)
    .set({ answers, answeredAt: now, updatedAt: now })
    .where(and(eq(positionings.id, row.id), isNull(positionings.answeredAt)))
    .returning({ id: positionings.id });
  if (saved.length === 0) {
    const again = await positioningRow(db, { learnerId: row.learnerId });
    return again?.answeredAt ? { state: "answered", answeredAt: again.answeredAt } : { state: "unknown" };
  }
  return { state: "saved" };
}

/** Whether learner `learnerId` was sent the questionnaire and when they answered: their space's link to it. */
export async function positioningStateOf(db: Db, learnerId: string) {
  const [row] = await db
    .select({ sentAt: positionings.sentAt, answeredAt: positionings.answeredAt })
    .from(positionings)
    .where(eq(positionings.learnerId, learnerId));
  return row?.sentAt || row?.answeredAt ? { answeredAt: row.answeredAt } : null;
}
