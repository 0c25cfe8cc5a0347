import { and, count, gte, isNotNull, lt } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { surveyInvitations } from "./schema.server";
import { SURVEY_AUDIENCES, type SurveyAudience } from "./vocabulary";

/**
 * How many of each audience were asked, and answered, between `from` and `to` (the invitation's
 * sending): Qualiopi indicator 30. The invitations name their learner; those sent by hand to other
 * addresses do not yet say who they asked (employer, trainer, funder), so only learners are counted
 * and the other audiences read 0.
 */
export async function stakeholderResponseCounts(
  db: Db,
  { from, to }: { from: Date; to: Date },
): Promise<Record<SurveyAudience, { invited: number; answered: number }>> {
  const [learners] = await db
    .select({ invited: count(), answered: count(surveyInvitations.answeredAt) })
    .from(surveyInvitations)
    .where(
      and(
        isNotNull(surveyInvitations.learnerId),
        gte(surveyInvitations.sentAt, from),
        lt(surveyInvitations.sentAt, to),
      ),
    );
  const counts = Object.fromEntries(SURVEY_AUDIENCES.map((a) => [a, { invited: 0, answered: 0 }])) as Record<
    SurveyAudience,
    { invited: number; answered: number }
  >;
  counts.learner = { invited: learners?.invited ?? 0, answered: learners?.answered ?? 0 };
  return counts;
}
