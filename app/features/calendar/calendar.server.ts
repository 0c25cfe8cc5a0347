import { sql } from "drizzle-orm";
import { attempt, consoleAction } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import { type CalendarEvent, EVENT_KIND_LABELS, monthBounds } from "./calendar";
import { regenerateFeed } from "./feed.server";

interface EventRow {
  kind: CalendarEvent["kind"];
  day: string;
  time: string | null;
  title: string;
  record_id: string;
  formation_id: string | null;
  session_id: string | null;
}

function hrefOf(row: EventRow): string {
  switch (row.kind) {
    case "interview":
      return `/admin/candidatures/${row.record_id}`;
    case "callback":
      return `/admin/contacts?demande=${row.record_id}`;
    case "slot":
      return `/admin/formations/${row.formation_id}/sessions/${row.session_id}/planning`;
    default:
      return `/admin/formations/${row.formation_id}/sessions`;
  }
}

/**
 * The Calendrier's events between two Paris days (both included), in day then time order: session
 * starts and ends (calendar dates), planned interviews (applications at status 'interview', on their
 * Paris day and time), the slots of the sessions' timetables (their day and start, the trainer
 * named), and callback requests still 'new' (on the day they came in).
 */
export async function calendarEvents(db: Db, first: string, last: string): Promise<CalendarEvent[]> {
  const from = sql`(${first}::date::timestamp at time zone 'Europe/Paris')`;
  const to = sql`((${last}::date + 1)::timestamp at time zone 'Europe/Paris')`;
  const found = await rows<EventRow>(
    db,
    sql`select 'session-start' as kind, to_char(s.start_date, 'YYYY-MM-DD') as day, null as time,
               f.title as title, s.id::text as record_id, f.id::text as formation_id, null as session_id
          from formation_sessions s join formations f on f.id = s.formation_id
         where s.start_date between ${first}::date and ${last}::date
        union all
        select 'session-end', to_char(s.end_date, 'YYYY-MM-DD'), null, f.title, s.id::text, f.id::text, null
          from formation_sessions s join formations f on f.id = s.formation_id
         where s.end_date between ${first}::date and ${last}::date
        union all
        select 'slot', to_char(l.day, 'YYYY-MM-DD'),
               lpad((l.start_minute / 60)::text, 2, '0') || ':' || lpad((l.start_minute % 60)::text, 2, '0'),
               f.title || coalesce(' — ' || nullif(trim(l.trainer), ''), ''), l.id::text, f.id::text, s.id::text
          from session_slots l
          join formation_sessions s on s.id = l.session_id
          join formations f on f.id = s.formation_id
         where l.day between ${first}::date and ${last}::date
        union all
        select 'interview', to_char(a.interview_at at time zone 'Europe/Paris', 'YYYY-MM-DD'),
               to_char(a.interview_at at time zone 'Europe/Paris', 'HH24:MI'),
               a.first_name || ' ' || a.last_name || ' — ' || f.title, a.id::text, null, null
          from applications a
          join formation_sessions s on s.id = a.session_id
          join formations f on f.id = s.formation_id
         where a.status = 'interview' and a.interview_at >= ${from} and a.interview_at < ${to}
        union all
        select 'callback', to_char(c.created_at at time zone 'Europe/Paris', 'YYYY-MM-DD'), null,
               c.first_name || ' ' || c.last_name || ' — ' || c.phone, c.id::text, null, null
          from contact_requests c
         where c.callback_requested and c.status = 'new' and c.created_at >= ${from} and c.created_at < ${to}
        order by 2, 3 nulls first, 1, 4`,
  );
  return found.map((row) => ({
    key: `${row.kind}:${row.record_id}`,
    kind: row.kind,
    day: row.day,
    time: row.time,
    title: row.title,
    href: hrefOf(row),
  }));
}

export interface CalendarMonth {
  month: string;
  events: CalendarEvent[];
}

export async function calendarMonth(db: Db, month: string): Promise<CalendarMonth> {
  const { first, last } = monthBounds(month);
  return { month, events: await calendarEvents(db, first, last) };
}

/** "Entretien : Léa Martin — Assistant RH", the kind said in words. */
export const eventSummary = (event: CalendarEvent) => `${EVENT_KIND_LABELS[event.kind]} : ${event.title}`;

/** The Calendrier's one action: a new iCalendar link for whoever posts it. */
export const calendarAction = consoleAction({ regenerate: "calendar:feed" }, (app, actor) =>
  attempt(
    app,
    "regenerate",
    "Échec de la régénération du lien",
    "Nouveau lien créé, l'ancien ne fonctionne plus",
    () => regenerateFeed(app, actor).then(() => undefined),
  ),
);
