import { eq } from "drizzle-orm";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { learners } from "~/features/learners/schema.server";
import type { Db } from "~/platform/db/client.server";

/** The learner a positioning concerns, with what the questionnaire and its e-mail quote of the formation. */
export async function positioningLearner(db: Db, learnerId: string) {
  const [row] = await db
    .select({
      id: learners.id,
      sessionId: learners.sessionId,
      firstName: learners.firstName,
      lastName: learners.lastName,
      email: learners.email,
      anonymisedAt: learners.anonymisedAt,
      formation: formations.title,
      prerequisites: formations.prerequisites,
      startDate: formationSessions.startDate,
      endDate: formationSessions.endDate,
    })
    .from(learners)
    .innerJoin(formationSessions, eq(formationSessions.id, learners.sessionId))
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(eq(learners.id, learnerId));
  return row ?? null;
}

export type PositioningLearner = NonNullable<Awaited<ReturnType<typeof positioningLearner>>>;
