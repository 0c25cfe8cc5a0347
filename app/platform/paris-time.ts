/**
 * Date-times as the console, the e-mails and the exports write them, and the Paris wall-clock times
 * typed into the console (an interview's day and time) and back: French, Paris time, "1er" for the
 * first of the month, as dates.ts. Apart from it because every public page loads dates.ts and none
 * needs these.
 */
import { asDate, PARIS, parisToday, withOrdinalFirst } from "./dates";

const formats = {
  /** "1er mars 2027 à 14 h 05" (Intl writes 14:05; see frenchClock) */
  dateTime: new Intl.DateTimeFormat("fr-FR", { timeZone: PARIS, dateStyle: "long", timeStyle: "short" }),
  /** "lundi 1er mars 2027 à 14 h 05" */
  fullDateTime: new Intl.DateTimeFormat("fr-FR", { timeZone: PARIS, dateStyle: "full", timeStyle: "short" }),
  /** "14:05:32" from Intl, written "14 h 05 min 32 s" by formatTime. */
  time: new Intl.DateTimeFormat("fr-FR", { timeZone: PARIS, timeStyle: "medium" }),
  /** "14 h 05" (Intl writes 14:05; see frenchClock) */
  clock: new Intl.DateTimeFormat("fr-FR", { timeZone: PARIS, timeStyle: "short" }),
};

/**
 * French writes a time of day '14 h 05' (and '9 h' on the hour), with no-break spaces so that it
 * never splits across lines; Intl's fr-FR gives '14:05'.
 */
const frenchClock = (text: string) =>
  text.replace(/(\d{1,2}):(\d{2})$/, (_, h: string, m: string) =>
    m === "00" ? `${Number(h)}\u00a0h` : `${Number(h)}\u00a0h\u00a0${m}`,
  );

export const formatDateTime = (value: Date | string) =>
  frenchClock(withOrdinalFirst(formats.dateTime, value));
export const formatFullDateTime = (value: Date | string) =>
  frenchClock(withOrdinalFirst(formats.fullDateTime, value));
/**
 * '14 h 05 min 32 s': a signature's time on the émargement's sheet and console, where the seconds
 * are evidence, written the French way like every other time (never '14:05:32').
 */
export const formatTime = (value: Date | string) =>
  formats.time
    .format(asDate(value))
    .replace(/^(\d{1,2}):(\d{2}):(\d{2})$/, (_, h: string, m: string, sec: string) =>
      [`${Number(h)}`, "h", m, "min", sec, "s"].join("\u00a0"),
    );
/** A time of day as a reader of the site expects it: '9 h 30', '12 h', in Paris time. */
export const formatClock = (value: Date | string) => frenchClock(formats.clock.format(asDate(value)));
/** "2027-03-01", the Paris day of an instant, for file names. */
export const formatIsoDay = (value: Date | string) => parisToday(asDate(value));

/** The Paris wall-clock parts of an instant ("2027-03-01", "14:05"), for date and time inputs. */
export function parisParts(value: Date | string): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: PARIS,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(asDate(value))
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Milliseconds since the epoch of a wall-clock reading, as if it were UTC. */
function wallClock(day: string, time: string): number {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  return Date.UTC(year, month - 1, date, hour, minute);
}

/**
 * The instant a Paris day and time ("2027-03-01", "14:05") name, whatever the process's zone; null
 * when they name none (a 30 February, 25:00, or the hour skipped when clocks go forward).
 */
export function parisInstant(day: string, time: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const wanted = wallClock(day, time);
  // Read as UTC, then moved by what Paris shows at that moment; twice, as the offset may differ on
  // either side of a clock change.
  let instant = wanted;
  for (let i = 0; i < 2; i++) {
    const shown = parisParts(new Date(instant));
    instant -= wallClock(shown.day, shown.time) - wanted;
  }
  const result = new Date(instant);
  const check = parisParts(result);
  return check.day === day && check.time === time ? result : null;
}

/**
 * The date an entry of a slot on `day` (a Paris date) was recorded, '29/11/2026', when it is not
 * that day; null when it is. An entry typed two days later must not read as made during the slot.
 */
export function otherDayText(value: Date | string, day: string): string | null {
  const recordedOn = parisToday(asDate(value));
  return recordedOn === day ? null : recordedOn.split("-").reverse().join("/");
}

/** 'à 9 h 02 min 10 s' when recorded on the slot's `day`, else 'le 29/11/2026 à 9 h 02 min 10 s'. */
export function recordedTimeText(value: Date | string, day: string): string {
  const other = otherDayText(value, day);
  return `${other ? `le ${other} ` : ""}à ${formatTime(value)}`;
}
