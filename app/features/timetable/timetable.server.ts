/**
 * A session's timetable in the console: its slots, their total hours, the trainers to pick from (the
 * register's, features/trainers), the clashes of a trainer or a
 * place with another slot at the same time (in any session), and the actions that add slots one by
 * one or from a weekly pattern (public holidays skipped), edit one, and remove them. Every change
 * is audited on the session, with the timetable's hours before and after. Here, the loading; the
 * clashes in clashes.server.ts, the changes in slot-changes.server.ts and generation.server.ts, the
 * screen's action in console-timetable.server.ts.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import { sessionHeading } from "~/features/catalogue/index.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import { trainerChoices } from "~/features/trainers/index.server";
import type { Db } from "~/platform/db/client.server";
import { timetableClashes } from "./clashes.server";
import { totalMinutes } from "./slots";

/** The planning screen: the session (with its formation), its slots in order, total hours, clashes. */
export async function sessionTimetable(db: Db, sessionId: string) {
  const session = await sessionHeading(db, sessionId);
  if (!session) return null;
  const [slots, clashes] = await Promise.all([
    db
      .select()
      .from(sessionSlots)
      .where(eq(sessionSlots.sessionId, sessionId))
      .orderBy(asc(sessionSlots.day), asc(sessionSlots.startMinute)),
    timetableClashes(db, sessionId),
  ]);
  // The register's active trainers to pick from, and those the slots name even if inactive since.
  const named = [...new Set(slots.flatMap((s) => (s.trainerId ? [s.trainerId] : [])))];
  const trainers = await trainerChoices(db, named);
  return { session, slots, totalMinutes: totalMinutes(slots), clashes, trainers };
}

export type SessionTimetable = NonNullable<Awaited<ReturnType<typeof sessionTimetable>>>;

/** Total minutes of each of `sessionIds`' timetables (0 when a session has none). */
export async function timetableMinutes(db: Db, sessionIds: string[]): Promise<Map<string, number>> {
  if (!sessionIds.length) return new Map();
  const found = await db
    .select({
      sessionId: sessionSlots.sessionId,
      minutes: sql<number>`sum(${sessionSlots.endMinute} - ${sessionSlots.startMinute})::int`,
    })
    .from(sessionSlots)
    .where(inArray(sessionSlots.sessionId, sessionIds))
    .groupBy(sessionSlots.sessionId);
  return new Map(found.map((r) => [r.sessionId, r.minutes]));
}
