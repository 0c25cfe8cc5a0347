/**
 * The signing links sent by the server itself: when Paramètres says so (`attendanceLinkMinutes`,
 * off by default), each learner still following a session receives their personal link of each
 * slot that many minutes before it starts, through the outbox, every minute in each server
 * process. A learner gets one e-mail per slot whatever the rounds or instances: the link is one row
 * per learner and slot, and the outbox accepts one e-mail per link (mail_outbox.attendance_link_id,
 * unique), queued in the transaction that audits it. A slot that has ended is left alone; one that
 * the server reaches late (it was stopped) still gets its links while it can be signed.
 */
import { sql } from "drizzle-orm";
import { getAttendanceLinkMinutes } from "~/features/settings/index.server";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import type { Logger } from "~/platform/logger.server";
import { formatIsoDay } from "~/platform/paris-time";
import { PeriodicTask } from "~/platform/periodic.server";
import type { AppRuntime } from "~/platform/runtime.server";
import { sendSlotLinks } from "./link-mails.server";
import { slotStartsAt, windowState } from "./signing-window";

const DAY_MS = 86_400_000;

/**
 * The slots whose links are due at `now` (their start less `minutes` has come, they have not ended)
 * and that still have a learner with an address and no e-mail for the slot.
 */
async function dueSlots(db: Db, minutes: number, now: Date) {
  const today = formatIsoDay(now);
  // The advance is 12 hours at most: today's and tomorrow's slots are the only candidates.
  const tomorrow = formatIsoDay(new Date(now.getTime() + DAY_MS));
  const found = await rows<{
    id: string;
    session_id: string;
    day: string;
    start_minute: number;
    end_minute: number;
  }>(
    db,
    sql`select s.id, s.session_id, to_char(s.day, 'YYYY-MM-DD') as day, s.start_minute, s.end_minute
          from session_slots s
         where s.day between ${today}::date and ${tomorrow}::date
           and exists (
             select 1 from learners l
              where l.session_id = s.session_id and l.status <> 'dropped_out'
                and l.anonymised_at is null and l.email is not null
                and not exists (
                  select 1 from attendance_links a join mail_outbox m on m.attendance_link_id = a.id
                   where a.slot_id = s.id and a.learner_id = l.id))`,
  );
  return found
    .map((s) => ({
      id: s.id,
      sessionId: s.session_id,
      day: s.day,
      startMinute: s.start_minute,
      endMinute: s.end_minute,
    }))
    .filter((slot) => {
      return (
        now.getTime() >= slotStartsAt(slot).getTime() - minutes * 60_000 &&
        windowState(slot, now) !== "closed"
      );
    });
}

export class AttendanceLinkScheduler {
  private readonly task: PeriodicTask;

  constructor(
    private readonly app: Pick<AppRuntime, "db" | "config" | "mail">,
    private readonly logger: Logger,
    everyMs = 60_000,
  ) {
    this.task = new PeriodicTask(() => this.runOnce(), everyMs, logger, "attendance: link round failed");
  }

  start(): void {
    this.task.start();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  /** One round at `now`: how many links were queued. Exposed for tests. */
  async runOnce(now = new Date()): Promise<number> {
    const minutes = await getAttendanceLinkMinutes(this.app.db);
    if (minutes === null) return 0;
    let queued = 0;
    for (const slot of await dueSlots(this.app.db, minutes, now)) {
      const sent = await sendSlotLinks(this.app, null, slot.sessionId, slot.id, now);
      if (typeof sent === "number") queued += sent;
    }
    if (queued > 0) this.logger.info({ queued }, "attendance: signing links queued before their slots");
    return queued;
  }
}

// The process's runtime carries the scheduler (built in app/boot/runtime.server.ts).
declare module "~/platform/runtime.server" {
  interface AppRuntime {
    /** E-mails the learners their signing links before each slot, when Paramètres says so. */
    attendanceLinks: AttendanceLinkScheduler;
  }
}
