/**
 * Every date the site, the console, the e-mails and the exports write, from one module: French, in
 * Paris time whatever the server's or the browser's zone, with French typography for the first of
 * the month ("1er mars 2027", never "1 mars 2027").
 */
export const PARIS = "Europe/Paris";

const formats = {
  /** "1er mars 2027" */
  date: new Intl.DateTimeFormat("fr-FR", { timeZone: PARIS, dateStyle: "long" }),
  /** "1er mars 2027 à 14:05" */
  dateTime: new Intl.DateTimeFormat("fr-FR", { timeZone: PARIS, dateStyle: "long", timeStyle: "short" }),
  /** "lundi 1er mars 2027 à 14:05" */
  fullDateTime: new Intl.DateTimeFormat("fr-FR", { timeZone: PARIS, dateStyle: "full", timeStyle: "short" }),
  /** "14:05:32", for a figure's freshness: seconds, since the screen can refresh twice in a minute. */
  time: new Intl.DateTimeFormat("fr-FR", { timeZone: PARIS, timeStyle: "medium" }),
  /** "2027-03-01", for file names. */
  isoDay: new Intl.DateTimeFormat("sv-SE", { timeZone: PARIS }),
};

export const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** Writes the parts back with "1er" for the first day of the month (the ordinal French uses). */
function withOrdinalFirst(format: Intl.DateTimeFormat, value: Date | string): string {
  return format
    .formatToParts(asDate(value))
    .map((part) => (part.type === "day" && part.value === "1" ? "1er" : part.value))
    .join("");
}

export const formatDate = (value: Date | string) => withOrdinalFirst(formats.date, value);
export const formatDateTime = (value: Date | string) => withOrdinalFirst(formats.dateTime, value);
export const formatFullDateTime = (value: Date | string) => withOrdinalFirst(formats.fullDateTime, value);
export const formatTime = (value: Date | string) => formats.time.format(asDate(value));
export const formatIsoDay = (value: Date | string) => formats.isoDay.format(asDate(value));

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
