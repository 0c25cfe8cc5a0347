// The clashes of a session's timetable: a trainer or a place booked by two slots at the same time.

import { sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";

export interface Clash {
  slotId: string;
  /** What the two slots share: the trainer's name, or the place. */
  reason: "trainer" | "place";
  shared: string;
  other: {
    day: string;
    startMinute: number;
    endMinute: number;
    title: string;
    sessionId: string;
    formationId: string;
  };
}

/**
 * The clashes of `sessionId`'s slots: another slot (of any session, this one included) on the same
 * day whose times overlap and that has the same trainer or the same place, compared without case or
 * surrounding spaces. One SQL self-join on the day index.
 */
export async function timetableClashes(db: Db, sessionId: string): Promise<Clash[]> {
  const found = await rows<{
    slot_id: string;
    reason: "trainer" | "place";
    shared: string;
    day: string;
    start_minute: number;
    end_minute: number;
    title: string;
    session_id: string;
    formation_id: string;
  }>(
    db,
    sql`select a.id as slot_id, c.reason, c.shared, to_char(b.day, 'YYYY-MM-DD') as day,
               b.start_minute, b.end_minute, f.title, s.id as session_id, f.id as formation_id
          from session_slots a
          join session_slots b on b.day = a.day and b.id <> a.id
               and b.start_minute < a.end_minute and a.start_minute < b.end_minute
          join formation_sessions s on s.id = b.session_id
          join formations f on f.id = s.formation_id
          cross join lateral (values
            ('trainer', a.trainer, lower(trim(a.trainer)) = lower(trim(b.trainer))),
            ('place', a.place, lower(trim(a.place)) = lower(trim(b.place)))
          ) as c(reason, shared, same)
         where a.session_id = ${sessionId} and c.same
         order by a.day, a.start_minute, c.reason, b.day, b.start_minute`,
  );
  return found.map((r) => ({
    slotId: r.slot_id,
    reason: r.reason,
    shared: r.shared,
    other: {
      day: r.day,
      startMinute: r.start_minute,
      endMinute: r.end_minute,
      title: r.title,
      sessionId: r.session_id,
      formationId: r.formation_id,
    },
  }));
}
