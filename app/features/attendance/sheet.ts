/**
 * How the attendance pages and the sheet name a slot and a duration, for the browser and the server.
 */
import { formatDay } from "~/features/catalogue";
import { timeText } from "~/features/timetable";

/** 'lundi 4 janvier 2027': the weekday of a calendar date, whatever the time zone. */
export function weekdayDay(day: string): string {
  const weekday = new Intl.DateTimeFormat("fr-FR", { weekday: "long", timeZone: "UTC" }).format(
    new Date(`${day}T12:00:00Z`),
  );
  return `${weekday} ${formatDay(day)}`;
}

/** 'lundi 4 janvier 2027, 9 h – 12 h 30'. */
export function slotHeading(slot: { day: string; startMinute: number; endMinute: number }): string {
  return `${weekdayDay(slot.day)}, ${timeText(slot.startMinute)} – ${timeText(slot.endMinute)}`;
}

/** Morning or afternoon: the sheet's half-days (a slot starting before 13 h is the morning's). */
export function halfDay(startMinute: number): "matin" | "après-midi" {
  return startMinute < 13 * 60 ? "matin" : "après-midi";
}
