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

/**
 * The part of the day a slot covers, as the sheet names it: a slot starting before 13 h is the
 * morning's, unless it runs past 14 h (a whole day, 9 h – 17 h: 'journée'); else the afternoon's.
 */
export function halfDay(slot: {
  startMinute: number;
  endMinute: number;
}): "matin" | "après-midi" | "journée" {
  if (slot.startMinute >= 13 * 60) return "après-midi";
  return slot.endMinute > 14 * 60 ? "journée" : "matin";
}

/** 'Matin', 'Après-midi', 'Journée': the blank sheet's column heads. */
export const halfDayTitle = (slot: { startMinute: number; endMinute: number }) => {
  const part = halfDay(slot);
  return `${part.charAt(0).toUpperCase()}${part.slice(1)}`;
};
