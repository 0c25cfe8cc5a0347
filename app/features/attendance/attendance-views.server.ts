/**
 * The console's attendance screens as they read: a session's slots with how many signed, and one
 * slot's signing page (its learners, their latest entry, their personal links, the trainer's
 * countersignature). The actions that change them are in console-attendance.server.ts.
 */

import { and, asc, eq, sql } from "drizzle-orm";
import { attendanceCountersignatures } from "~/features/attendance/schema.server";
import { sessionHeading } from "~/features/catalogue/index.server";
import { learners } from "~/features/learners/schema.server";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import type { AppRuntime } from "~/platform/runtime.server";
import { attendanceCode, attendanceUrl, codeText, slotLinks } from "./attendance-links.server";
import { linkMailsOf } from "./link-mails.server";
import { attendedMinutes } from "./minutes.server";
import { slotHeading } from "./sheet";
import { sessionSlotsOf, slotOf } from "./signing.server";
import { windowState } from "./signing-window";
import type { AttendanceMethod, AttendanceStatus } from "./vocabulary";

export interface LatestEntry {
  id: string;
  status: AttendanceStatus;
  lateMinutes: number;
  reason: string | null;
  method: AttendanceMethod;
  recordedAt: Date;
  /** How many entries the learner has for the slot (more than one: corrected). */
  count: number;
}

/** The latest entry of each learner for one slot. */
export async function latestEntries(db: Db, slotId: string): Promise<Map<string, LatestEntry>> {
  const found = await rows<{
    id: string;
    learner_id: string;
    status: AttendanceStatus;
    late_minutes: number;
    reason: string | null;
    method: AttendanceMethod;
    recorded_at: Date | string;
    count: number | string;
  }>(
    db,
    sql`select distinct on (learner_id) id, learner_id, status, late_minutes, reason, method, recorded_at,
               count(*) over (partition by learner_id) as count
          from attendance_entries where slot_id = ${slotId}
         order by learner_id, seq desc`,
  );
  return new Map(
    found.map((r) => [
      r.learner_id,
      {
        id: r.id,
        status: r.status,
        lateMinutes: r.late_minutes,
        reason: r.reason,
        method: r.method,
        recordedAt: new Date(r.recorded_at),
        count: Number(r.count),
      },
    ]),
  );
}

function sessionLearners(db: Db, sessionId: string) {
  return db
    .select({ id: learners.id, firstName: learners.firstName, lastName: learners.lastName })
    .from(learners)
    .where(and(eq(learners.sessionId, sessionId), sql`${learners.anonymisedAt} is null`))
    .orderBy(asc(learners.lastName), asc(learners.firstName));
}

/** A session's attendance overview: its slots with their counts, its learners with their hours. */
export async function sessionAttendance(db: Db, sessionId: string) {
  const session = await sessionHeading(db, sessionId);
  if (!session) return null;
  const [slots, people, minutes, counts] = await Promise.all([
    sessionSlotsOf(db, sessionId),
    sessionLearners(db, sessionId),
    attendedMinutes(db, { sessionId }),
    rows<{ slot_id: string; present: number | string; absent: number | string; countersigned: boolean }>(
      db,
      sql`select s.id as slot_id,
                 count(*) filter (where latest.status in ('present', 'late')) as present,
                 count(*) filter (where latest.status = 'absent') as absent,
                 exists (select 1 from attendance_countersignatures c where c.slot_id = s.id) as countersigned
            from session_slots s
            left join lateral (
              select distinct on (e.learner_id) e.status from attendance_entries e
               where e.slot_id = s.id order by e.learner_id, e.seq desc
            ) latest on true
           where s.session_id = ${sessionId}
           group by s.id`,
    ),
  ]);
  const bySlot = new Map(counts.map((c) => [c.slot_id, c]));
  return {
    session,
    slots: slots.map((s) => ({
      ...s,
      heading: slotHeading(s),
      present: Number(bySlot.get(s.id)?.present ?? 0),
      absent: Number(bySlot.get(s.id)?.absent ?? 0),
      countersigned: Boolean(bySlot.get(s.id)?.countersigned),
    })),
    learners: people.map((p) => ({
      id: p.id,
      name: `${p.firstName ?? ""} ${p.lastName ?? ""}`.trim(),
      minutes: minutes.get(p.id) ?? 0,
    })),
  };
}

/** One slot's signing page: its learners with their latest entry and personal link. */
export async function slotAttendance(
  app: Pick<AppRuntime, "db" | "config">,
  sessionId: string,
  slotId: string,
  now: Date,
) {
  const { db } = app;
  const [session, slot] = await Promise.all([sessionHeading(db, sessionId), slotOf(db, sessionId, slotId)]);
  if (!session || !slot) return null;
  const [people, latest, links, mails, countersignature] = await Promise.all([
    sessionLearners(db, sessionId),
    latestEntries(db, slotId),
    slotLinks(db, app.config.authSecret, slotId),
    linkMailsOf(db, slotId),
    db
      .select({
        trainerName: attendanceCountersignatures.trainerName,
        signedAt: attendanceCountersignatures.signedAt,
      })
      .from(attendanceCountersignatures)
      .where(eq(attendanceCountersignatures.slotId, slotId)),
  ]);
  const linkOf = new Map(links.map((l) => [l.learnerId, attendanceUrl(app.config.publicUrl, l.token)]));
  return {
    session,
    slot: { ...slot, heading: slotHeading(slot), window: windowState(slot, now) },
    learners: people.map((p) => ({
      id: p.id,
      name: `${p.firstName ?? ""} ${p.lastName ?? ""}`.trim(),
      entry: latest.get(p.id) ?? null,
      link: linkOf.get(p.id) ?? null,
      linkMail: mails.get(p.id) ?? null,
      code: codeText(attendanceCode(app.config.authSecret, p.id)),
    })),
    countersignature: countersignature[0] ?? null,
  };
}
