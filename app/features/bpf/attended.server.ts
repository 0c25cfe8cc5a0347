/**
 * The minutes each learner attended, with the signature of the attendance feature's own
 * `attendedMinutes` (features/attendance): until attendance sheets are recorded in the console, a
 * learner attended the slots of their session's timetable, up to the day of an abandon.
 */
import { and, eq, gte, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { learners, sessionSlots } from "~/platform/db/schema.server";

export async function attendedMinutes(
  db: Db,
  options: { sessionId?: string; learnerIds?: readonly string[]; from?: string; to?: string },
): Promise<Map<string, number>> {
  const where: SQL[] = [or(isNull(learners.abandonedOn), lte(sessionSlots.day, learners.abandonedOn)) as SQL];
  if (options.sessionId) where.push(eq(learners.sessionId, options.sessionId));
  if (options.learnerIds) {
    if (options.learnerIds.length === 0) return new Map();
    where.push(inArray(learners.id, [...options.learnerIds]));
  }
  if (options.from) where.push(gte(sessionSlots.day, options.from));
  if (options.to) where.push(lte(sessionSlots.day, options.to));
  const rows = await db
    .select({
      id: learners.id,
      minutes: sql<number>`sum(${sessionSlots.endMinute} - ${sessionSlots.startMinute})::int`,
    })
    .from(learners)
    .innerJoin(sessionSlots, eq(sessionSlots.sessionId, learners.sessionId))
    .where(and(...where))
    .groupBy(learners.id);
  return new Map(rows.map((r) => [r.id, Number(r.minutes)]));
}
