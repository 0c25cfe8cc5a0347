/**
 * Dates as the public pages write them: French, in Paris time whatever the server's or the browser's
 * zone, with French typography for the first of the month ("1er mars 2027", never "1 mars 2027").
 * Every public page loads this module; the console's and the e-mails' date-times are in
 * paris-time.ts, on the same rules.
 */
export const PARIS = "Europe/Paris";

/** "1er mars 2027" */
const dateFormat = new Intl.DateTimeFormat("fr-FR", { timeZone: PARIS, dateStyle: "long" });

export const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** Writes the parts back with "1er" for the first day of the month (the ordinal French uses). */
export function withOrdinalFirst(format: Intl.DateTimeFormat, value: Date | string): string {
  return format
    .formatToParts(asDate(value))
    .map((part) => (part.type === "day" && part.value === "1" ? "1er" : part.value))
    .join("");
}

export const formatDate = (value: Date | string) => withOrdinalFirst(dateFormat, value);

/** The machine-readable form for <time dateTime> and JSON-LD. */
export function isoDate(value: Date | string): string {
  return asDate(value).toISOString();
}

/** The months as French writes them in a date, lower case. */
export const MONTH_NAMES = [
  "janvier",
  "février",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "août",
  "septembre",
  "octobre",
  "novembre",
  "décembre",
] as const;
const FIRST_OF_MONTH = new RegExp(`(^|[^\\d])1(\\s+)(${MONTH_NAMES.join("|")})`, "giu");

/** Dates typed as text by staff (a course's next sessions): "1 mars 2027" is shown "1er mars 2027". */
export function frenchDateText(text: string): string {
  return text.replace(FIRST_OF_MONTH, "$11er$2$3");
}

/**
 * 'YYYY-MM-DD' naming a day that exists, between 1900 and 2199: not 2027-02-30, 2027-00-00 or
 * 0000-01-01 (PostgreSQL has no year 0 and refuses a 30 February; such a value must get a field
 * error, never reach the database). No date the centre records lies outside those years.
 */
export function isCalendarDay(value: string): boolean {
  if (!/^(19|20|21)\d{2}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

/** The calendar day `days` days after `day` (before it when negative), 'YYYY-MM-DD' in and out. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const isoDayFormat = new Intl.DateTimeFormat("sv-SE", { timeZone: PARIS });

/**
 * The Paris day of `now` (by default today) as 'YYYY-MM-DD', whatever the server's or the browser's
 * zone: the day the centre's dates (sessions, deadlines, certificates) are compared with.
 */
export const parisToday = (now: Date = new Date()) => isoDayFormat.format(now);
