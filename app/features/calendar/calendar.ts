/**
 * The Calendrier's month: which month the URL asks for (?mois=2026-11), its weeks (Monday first),
 * the centre's today (Paris), and the French names. Pure: the page and the server share it.
 */
import { MONTH_NAMES, parisToday } from "~/platform/dates";

export type EventKind = "session-start" | "session-end" | "slot" | "interview" | "callback";

export const EVENT_KIND_LABELS: Record<EventKind, string> = {
  "session-start": "Début de session",
  "session-end": "Fin de session",
  slot: "Cours",
  interview: "Entretien",
  callback: "Rappel demandé",
};

export interface CalendarEvent {
  /** Unique in a month: the kind and the record's id. */
  key: string;
  kind: EventKind;
  /** The Paris day, YYYY-MM-DD. */
  day: string;
  /** "14:30" for an interview or a slot of a session's timetable, else null. */
  time: string | null;
  title: string;
  /** The console page of its record. */
  href: string;
}

export const WEEKDAY_NAMES = [
  "lundi",
  "mardi",
  "mercredi",
  "jeudi",
  "vendredi",
  "samedi",
  "dimanche",
] as const;

/** YYYY-MM */
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month in ?mois=, or the current Paris month when absent or malformed. */
export function monthFrom(params: URLSearchParams, now: Date = new Date()): string {
  const asked = params.get("mois") ?? "";
  if (MONTH.test(asked) && Number(asked.slice(0, 4)) >= 1900 && Number(asked.slice(0, 4)) <= 2999) {
    return asked;
  }
  return parisToday(now).slice(0, 7);
}

const pad = (n: number) => String(n).padStart(2, "0");
const isoOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const utcDay = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** The month `delta` months from `month` (YYYY-MM). */
export function shiftMonth(month: string, delta: number): string {
  const d = utcDay(`${month}-01`);
  d.setUTCMonth(d.getUTCMonth() + delta);
  return isoOf(d).slice(0, 7);
}

/** "novembre 2026" */
export function monthLabel(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/** "lundi 1er novembre" */
export function dayLabel(iso: string): string {
  const d = utcDay(iso);
  const weekday = WEEKDAY_NAMES[(d.getUTCDay() + 6) % 7];
  const day = d.getUTCDate();
  return `${weekday} ${day === 1 ? "1er" : day} ${MONTH_NAMES[d.getUTCMonth()]}`;
}

/** The first and last days of the month, YYYY-MM-DD. */
export function monthBounds(month: string): { first: string; last: string } {
  const next = utcDay(`${shiftMonth(month, 1)}-01`);
  next.setUTCDate(0);
  return { first: `${month}-01`, last: isoOf(next) };
}

/** The month's weeks, Monday first: each a row of 7 days (null outside the month). */
export function monthWeeks(month: string): (string | null)[][] {
  const { first, last } = monthBounds(month);
  const lastDay = Number(last.slice(8, 10));
  const lead = (utcDay(first).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= lastDay; day++) cells.push(`${month}-${pad(day)}`);
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
