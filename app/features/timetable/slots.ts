/**
 * A timetable's arithmetic, shared by the server and the console page: times as minutes after
 * midnight (Paris wall-clock), how they are written ('9 h', '12 h 30'), a session's total hours, and
 * the slots a weekly pattern gives between two days, public holidays skipped.
 */
import { addDays } from "~/platform/dates";
import { holidayName } from "./holidays";

/** ISO weekdays, Monday = 1 … Sunday = 7, as the pattern's checkboxes post them. */
export const WEEKDAYS = [
  { value: "1", label: "Lundi" },
  { value: "2", label: "Mardi" },
  { value: "3", label: "Mercredi" },
  { value: "4", label: "Jeudi" },
  { value: "5", label: "Vendredi" },
  { value: "6", label: "Samedi" },
  { value: "7", label: "Dimanche" },
] as const;

/** '09:00', '9:00', '9 h', '9h30', '9 h 30' → minutes after midnight; null if not a time of day. */
export function parseTime(text: string): number | null {
  const match = /^\s*(\d{1,2})\s*(?::|h)\s*(\d{2})?\s*$/i.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? 0);
  if (hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

/** 540 → '9 h', 750 → '12 h 30' (French typography: a space each side of h). */
export function timeText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h}\u00a0h\u00a0${String(m).padStart(2, "0")}` : `${h}\u00a0h`;
}

/** Where a slot takes place: its own place, else 'À distance' when it has a link, else the session's. */
export const slotPlaceText = (slot: { place: string | null; link: string | null }, sessionPlace: string) =>
  slot.place || (slot.link ? "À distance" : sessionPlace);

/** 540 → '09:00', the value of a time input. */
export function timeValue(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** A duration in minutes as hours: 1260 → '21 h', 450 → '7 h 30'. */
export const hoursText = timeText;

/** The total of slots' durations, in minutes. */
export function totalMinutes(slots: readonly { startMinute: number; endMinute: number }[]): number {
  return slots.reduce((sum, s) => sum + (s.endMinute - s.startMinute), 0);
}

export interface TimeRange {
  startMinute: number;
  endMinute: number;
}

export interface Pattern {
  /** ISO weekdays (1 = Monday). */
  weekdays: readonly number[];
  ranges: readonly TimeRange[];
  from: string;
  to: string;
}

/** ISO weekday of a calendar day. */
export function isoWeekday(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/**
 * The slots a weekly pattern gives: every chosen weekday from `from` to `to` (both included), each
 * time range on it; a French public holiday gives none and is listed in `skipped` with its name.
 */
export function patternSlots(pattern: Pattern): {
  slots: (TimeRange & { day: string })[];
  skipped: { day: string; name: string }[];
} {
  const slots: (TimeRange & { day: string })[] = [];
  const skipped: { day: string; name: string }[] = [];
  for (let day = pattern.from; day <= pattern.to; day = addDays(day, 1)) {
    if (!pattern.weekdays.includes(isoWeekday(day))) continue;
    const holiday = holidayName(day);
    if (holiday) {
      skipped.push({ day, name: holiday });
      continue;
    }
    for (const range of pattern.ranges) slots.push({ day, ...range });
  }
  return { slots, skipped };
}

/** Whether two ranges of one day overlap (touching ends do not: 12 h 30 then 12 h 30 is fine). */
export const overlaps = (a: TimeRange, b: TimeRange) =>
  a.startMinute < b.endMinute && b.startMinute < a.endMinute;
