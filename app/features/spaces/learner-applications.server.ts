import { and, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { users } from "~/features/accounts/schema.server";
import { applications } from "~/features/applications/schema.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { learners } from "~/features/learners/schema.server";
import type { Db } from "~/platform/db/client.server";
import type { SpaceMembership } from "./members.server";

/**
 * The person's applications and where each stands, newest first. Two ways an application is theirs:
 * - the one each of their learner records came from (`learners.application_id`, set by the
 *   admission): the centre itself tied it to them;
 * - any other sent from the address their account holds, once that address is proved (the sign-in
 *   link confirms it: `users.email_verified`). A candidate applies with an address and nothing
 *   more, so the proved address is the only tie to their earlier or refused applications; an
 *   address not proved shows none of them (an account made by an invitation and never entered).
 * Nothing else (a name, a phone number) ever matches: two people may share them.
 */
export async function applicationsOf(db: Db, userId: string, memberships: SpaceMembership[]) {
  const learnerIds = memberships.flatMap((m) => (m.learnerId ? [m.learnerId] : []));
  if (learnerIds.length === 0) return [];
  const [account] = await db
    .select({ email: users.email, verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  const linked = db
    .select({ id: learners.applicationId })
    .from(learners)
    .where(and(inArray(learners.id, learnerIds), isNotNull(learners.applicationId)));
  const ownAddress =
    account?.verified && account.email
      ? sql`lower(${applications.email}) = ${account.email.toLowerCase()}`
      : sql`false`;
  return db
    .select({
      id: applications.id,
      status: applications.status,
      createdAt: applications.createdAt,
      seatOffered: sql<boolean>`${applications.seatOfferedAt} is not null`,
      interviewAt: applications.interviewAt,
      interviewPlace: applications.interviewPlace,
      formationTitle: formations.title,
      startDate: formationSessions.startDate,
      endDate: formationSessions.endDate,
    })
    .from(applications)
    .innerJoin(formationSessions, eq(formationSessions.id, applications.sessionId))
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(or(inArray(applications.id, linked), ownAddress))
    .orderBy(desc(applications.createdAt));
}

export type LearnerApplication = Awaited<ReturnType<typeof applicationsOf>>[number];
