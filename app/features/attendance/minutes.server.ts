/**
 * The minutes each learner attended, from the attendance entries: what the attestation, the sheet
 * and the figures read. The latest entry of a learner and a slot counts (a correction is a later
 * entry); present counts the slot's minutes, late the slot's minutes less the lateness (never below
 * zero), absent nothing.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";

export interface AttendanceFilter {
  /** Only the slots of this session (and, in the answer, every learner of it, 0 when never present). */
  sessionId?: string;
  /** Only these learners (each in the answer, 0 when never present). An empty list answers nothing. */
  learnerIds?: string[];
  /** 'YYYY-MM-DD', Paris days: only the slots from this day on. */
  from?: string;
  /** 'YYYY-MM-DD', Paris days: only the slots up to this day, included. */
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** learnerId → minutes attended over the slots the filter keeps. */
export async function attendedMinutes(db: Db, filter: AttendanceFilter): Promise<Map<string, number>> {
  const { sessionId, learnerIds, from, to } = filter;
  if (learnerIds && learnerIds.length === 0) return new Map();
  for (const day of [from, to]) {
    if (day !== undefined && !DAY.test(day)) throw new TypeError(`attendedMinutes: not a day: ${day}`);
  }
  const slotConditions: SQL[] = [sql`true`];
  if (sessionId) slotConditions.push(sql`s.session_id = ${sessionId}`);
  if (from) slotConditions.push(sql`s.day >= ${from}::date`);
  if (to) slotConditions.push(sql`s.day <= ${to}::date`);
  const learnerCondition = learnerIds ? sql`e.learner_id in ${learnerIdList(learnerIds)}` : sql`true`;

  const found = await rows<{ learner_id: string; minutes: number | string }>(
    db,
    sql`select latest.learner_id, sum(
                 case latest.status
                   when 'present' then latest.end_minute - latest.start_minute
                   when 'late' then greatest(latest.end_minute - latest.start_minute - latest.late_minutes, 0)
                   else 0
                 end)::int as minutes
          from (
            select distinct on (e.learner_id, e.slot_id)
                   e.learner_id, e.status, e.late_minutes, s.start_minute, s.end_minute
              from attendance_entries e
              join session_slots s on s.id = e.slot_id
             where ${sql.join(slotConditions, sql` and `)} and ${learnerCondition}
             order by e.learner_id, e.slot_id, e.seq desc
          ) latest
         group by latest.learner_id`,
  );

  const minutes = new Map<string, number>();
  // Every learner asked about is in the answer, and every learner of the session asked about.
  for (const id of learnerIds ?? []) minutes.set(id, 0);
  if (sessionId && !learnerIds) {
    const members = await rows<{ id: string }>(
      db,
      sql`select id from learners where session_id = ${sessionId}`,
    );
    for (const { id } of members) minutes.set(id, 0);
  }
  for (const r of found) minutes.set(r.learner_id, Number(r.minutes));
  return minutes;
}

function learnerIdList(ids: string[]): SQL {
  return sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}
