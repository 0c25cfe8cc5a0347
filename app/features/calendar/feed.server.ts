import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import ical, { type ICalCalendar } from "ical-generator";
import { can } from "~/features/accounts";
import { userRoles } from "~/features/accounts/schema.server";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { calendarFeeds } from "~/features/calendar/schema.server";
import { rows } from "~/platform/db/rows.server";
import { parisInstant } from "~/platform/paris-time";
import type { AppRuntime } from "~/platform/runtime.server";

// A staff member's private iCalendar feed, /calendrier/<token>.ics, readable with the token alone.
// The database keeps only the token's SHA-256 (calendar_feeds.token): a copy of the database does
// not give the URLs. The token itself is an HMAC, under the server's secret, of the member and of
// the row's creation instant, so the Calendrier can show it again; regenerating writes a new
// instant, hence a new token and a new hash, and the old URL answers 404 at once.

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

function tokenOf(app: AppRuntime, userId: string, createdAt: Date): string {
  return createHmac("sha256", app.config.authSecret)
    .update(`calendar-feed:${userId}:${createdAt.toISOString()}`)
    .digest("base64url");
}

/** Writes a fresh token for `userId` (replacing any), within `tx`; answers the token. */
async function issue(app: AppRuntime, tx: AppRuntime["db"], userId: string, after?: Date): Promise<string> {
  let createdAt = new Date();
  // Two regenerations within the same millisecond still give two tokens.
  if (after && createdAt.getTime() <= after.getTime()) createdAt = new Date(after.getTime() + 1);
  const token = tokenOf(app, userId, createdAt);
  await tx
    .insert(calendarFeeds)
    .values({ userId, token: hashOf(token), createdAt })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token: hashOf(token), createdAt } });
  return token;
}

/** The member's feed token, created on first use (or when the server's secret changed). */
export async function feedToken(app: AppRuntime, userId: string): Promise<string> {
  const [row] = await app.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  if (row) {
    const token = tokenOf(app, userId, row.createdAt);
    if (hashOf(token) === row.token) return token;
  }
  return issue(app, app.db, userId, row?.createdAt);
}

/** A new token: the old URL stops working at once. Audited. */
export async function regenerateFeed(app: AppRuntime, actor: Actor): Promise<string> {
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, actor.id))
      .for("update");
    const token = await issue(app, tx, actor.id, row?.createdAt);
    await writeAudit(tx, actor, {
      action: "update",
      entity: "calendar_feed",
      entityId: actor.id,
      details: { regenerated: true },
    });
    return token;
  });
}

/**
 * The member whose feed `token` opens, or null (unknown, malformed or regenerated since, or its owner
 * no longer holds a role that reads the calendar: a token outlives a revoked role, the access must not).
 */
async function feedOwner(app: AppRuntime, token: string): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const hash = hashOf(token);
  const [row] = await app.db
    .select({ userId: calendarFeeds.userId, token: calendarFeeds.token, role: userRoles.role })
    .from(calendarFeeds)
    .leftJoin(userRoles, eq(userRoles.userId, calendarFeeds.userId))
    .where(eq(calendarFeeds.token, hash));
  if (!row || !can(row.role, "calendar:read")) return null;
  // The index found the row; the comparison itself takes the same time whatever differs.
  return timingSafeEqual(Buffer.from(row.token), Buffer.from(hash)) ? row.userId : null;
}

interface InterviewRow {
  id: string;
  at: Date | string;
  place: string | null;
  name: string;
  formation: string;
}

interface SessionRow {
  id: string;
  start_day: string;
  end_day: string;
  formation: string;
  formation_id: string;
  place: string;
}

interface SlotRow {
  id: string;
  session_id: string;
  day: string;
  start_minute: number;
  end_minute: number;
  place: string | null;
  link: string | null;
  trainer: string | null;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The instant a slot's Paris wall-clock minute names: 1 440 is the next midnight. Null for the hour
 * skipped when clocks go forward (no slot is drawn at night; the slot is then left out).
 */
function slotInstant(day: string, minute: number): Date | null {
  if (minute >= 1440) return parisInstant(isoDay(nextDay(day)), "00:00");
  const time = `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
  return parisInstant(day, time);
}

/** A slot as its session's feeds show it (the staff's, a learner's own). */
export interface FeedSlot {
  id: string;
  day: string;
  start_minute: number;
  end_minute: number;
  trainer: string | null;
  place: string | null;
  link: string | null;
}

/** One slot of a session as an event of `calendar`: its Paris times, where and with whom. */
export function addSlotEvent(
  calendar: ICalCalendar,
  slot: FeedSlot,
  session: { formation: string; place: string },
  url: string,
): void {
  const start = slotInstant(slot.day, slot.start_minute);
  const end = slotInstant(slot.day, slot.end_minute);
  if (!start || !end) return;
  calendar.createEvent({
    id: `creneau-${slot.id}`,
    start,
    end,
    summary: `Formation : ${session.formation}${slot.trainer ? ` (${slot.trainer})` : ""}`,
    location: slot.place || (slot.link ? "À distance" : session.place || undefined),
    description: [
      slot.trainer ? `Formateur·rice : ${slot.trainer}` : "",
      slot.place ? `Lieu : ${slot.place}` : "",
      slot.link ? `À distance : ${slot.link}` : "",
    ]
      .filter(Boolean)
      .join("\n"),
    url,
  });
}

/**
 * The feed's text, or null for an unknown token: the member's own planned interviews (one hour each,
 * at their place) and every session from a year ago on: each slot of its timetable at its Paris
 * times (place or link, trainer) when it has one, else its first and last days (all-day events).
 */
export async function calendarFeed(app: AppRuntime, token: string): Promise<string | null> {
  const userId = await feedOwner(app, token);
  if (!userId) return null;
  const [interviews, sessions, slots] = await Promise.all([
    rows<InterviewRow>(
      app.db,
      sql`select a.id::text as id, a.interview_at as at, a.interview_place as place,
                 a.first_name || ' ' || a.last_name as name, f.title as formation
            from applications a
            join formation_sessions s on s.id = a.session_id
            join formations f on f.id = s.formation_id
           where a.status = 'interview' and a.interview_at is not null and a.interviewer_id = ${userId}
           order by a.interview_at`,
    ),
    rows<SessionRow>(
      app.db,
      sql`select s.id::text as id, to_char(s.start_date, 'YYYY-MM-DD') as start_day,
                 to_char(s.end_date, 'YYYY-MM-DD') as end_day, f.title as formation,
                 f.id::text as formation_id, s.place
            from formation_sessions s join formations f on f.id = s.formation_id
           where s.end_date >= current_date - 365
           order by s.start_date`,
    ),
    rows<SlotRow>(
      app.db,
      sql`select l.id::text as id, l.session_id::text as session_id, to_char(l.day, 'YYYY-MM-DD') as day,
                 l.start_minute, l.end_minute, l.place, l.link, l.trainer
            from session_slots l join formation_sessions s on s.id = l.session_id
           where s.end_date >= current_date - 365
           order by l.day, l.start_minute`,
    ),
  ]);
  const slotsOf = new Map<string, SlotRow[]>();
  for (const slot of slots) {
    const list = slotsOf.get(slot.session_id);
    if (list) list.push(slot);
    else slotsOf.set(slot.session_id, [slot]);
  }
  const base = app.config.publicUrl;
  const calendar = ical({ name: "Calendrier du centre", prodId: { company: "centre", product: "console" } });
  for (const interview of interviews) {
    const start = new Date(interview.at);
    calendar.createEvent({
      id: `entretien-${interview.id}`,
      start,
      end: new Date(start.getTime() + 3_600_000),
      summary: `Entretien : ${interview.name} — ${interview.formation}`,
      location: interview.place ?? undefined,
      url: `${base}/admin/candidatures/${interview.id}`,
    });
  }
  for (const session of sessions) {
    const timetable = slotsOf.get(session.id);
    if (timetable) {
      const url = `${base}/admin/formations/${session.formation_id}/sessions/${session.id}/planning`;
      // A planned session: its real hours, one event per slot, where and with whom.
      for (const slot of timetable) addSlotEvent(calendar, slot, session, url);
      continue;
    }
    for (const [kind, day] of [
      ["Début de session", session.start_day],
      ["Fin de session", session.end_day],
    ] as const) {
      calendar.createEvent({
        id: `${kind === "Début de session" ? "debut" : "fin"}-${session.id}`,
        start: new Date(`${day}T00:00:00Z`),
        end: nextDay(day),
        allDay: true,
        summary: `${kind} : ${session.formation}`,
        location: session.place || undefined,
        url: `${base}/admin/formations/${session.formation_id}/sessions`,
      });
    }
  }
  return calendar.toString();
}

/** A feed's answer: the calendar, or a 404 for a token that opens none. Never cached on the way. */
export function feedResponse(feed: string | null): Response {
  if (feed === null) {
    return new Response("Calendrier introuvable.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(feed, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
