/**
 * A trainer's own part of the timetable, for their space: the sessions they teach at least one slot
 * of, with those slots, and the learners of those sessions only (to call the roll, to reach one).
 * Here rather than in features/trainers: the timetable names trainers (session_slots.trainer_id), so
 * the register does not import the timetable.
 */
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { applications } from "~/features/applications/schema.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { learners } from "~/features/learners/schema.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import type { Db } from "~/platform/db/client.server";

/** A session the trainer teaches in, with the slots that are theirs, in order. */
export interface TrainerSession {
  id: string;
  formationId: string;
  title: string;
  startDate: string;
  endDate: string;
  place: string;
  slots: {
    id: string;
    day: string;
    startMinute: number;
    endMinute: number;
    place: string | null;
    link: string | null;
  }[];
}

/** The sessions trainer `trainerId` teaches at least one slot of, the earliest first, with their slots. */
export async function trainerSessions(db: Db, trainerId: string): Promise<TrainerSession[]> {
  const slots = await db
    .select({
      id: sessionSlots.id,
      sessionId: sessionSlots.sessionId,
      day: sessionSlots.day,
      startMinute: sessionSlots.startMinute,
      endMinute: sessionSlots.endMinute,
      place: sessionSlots.place,
      link: sessionSlots.link,
    })
    .from(sessionSlots)
    .where(eq(sessionSlots.trainerId, trainerId))
    .orderBy(asc(sessionSlots.day), asc(sessionSlots.startMinute));
  const ids = [...new Set(slots.map((s) => s.sessionId))];
  if (!ids.length) return [];
  const sessions = await db
    .select({
      id: formationSessions.id,
      formationId: formationSessions.formationId,
      title: formations.title,
      startDate: formationSessions.startDate,
      endDate: formationSessions.endDate,
      place: formationSessions.place,
    })
    .from(formationSessions)
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(inArray(formationSessions.id, ids))
    .orderBy(asc(formationSessions.startDate), asc(formationSessions.id));
  return sessions.map((session) => ({
    ...session,
    slots: slots.filter((s) => s.sessionId === session.id).map(({ sessionId: _session, ...slot }) => slot),
  }));
}

/** A learner as their trainer sees them: how to name and reach them. */
export interface TrainerLearner {
  id: string;
  sessionId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  /** The phone their application gave; none for a learner added by hand or imported. */
  phone: string | null;
}

/**
 * The learners of the sessions trainer `trainerId` teaches in (of `sessionId` alone when given, and
 * nothing when that session is not theirs), by last name. A learner whose data the retention
 * anonymised has no name left and is not listed.
 */
export async function trainerLearners(
  db: Db,
  trainerId: string,
  sessionId?: string,
): Promise<TrainerLearner[]> {
  const theirs = db
    .select({ sessionId: sessionSlots.sessionId })
    .from(sessionSlots)
    .where(
      and(
        eq(sessionSlots.trainerId, trainerId),
        sessionId ? eq(sessionSlots.sessionId, sessionId) : undefined,
      ),
    );
  const rows = await db
    .select({
      id: learners.id,
      sessionId: learners.sessionId,
      firstName: learners.firstName,
      lastName: learners.lastName,
      email: learners.email,
      phone: applications.phone,
    })
    .from(learners)
    .leftJoin(applications, eq(applications.id, learners.applicationId))
    .where(
      and(inArray(learners.sessionId, theirs), isNotNull(learners.firstName), isNotNull(learners.lastName)),
    )
    .orderBy(asc(learners.lastName), asc(learners.firstName), asc(learners.id));
  return rows.map((r) => ({ ...r, firstName: r.firstName ?? "", lastName: r.lastName ?? "" }));
}
