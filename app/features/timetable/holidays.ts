/**
 * French public holidays (jours fériés, Code du travail L3133-1) of a year, computed: the eight fixed
 * dates, and Easter Monday, Ascension Thursday and Whit Monday from the date of Easter. Alsace-Moselle's
 * two extra days (Good Friday, 26 December) are not counted: the centre's timetable follows the general
 * rule. Days are 'YYYY-MM-DD' calendar days; nothing here depends on a time zone.
 */
import { addDays } from "~/platform/dates";

const FIXED: readonly [string, string][] = [
  ["01-01", "Jour de l'an"],
  ["05-01", "Fête du Travail"],
  ["05-08", "Victoire 1945"],
  ["07-14", "Fête nationale"],
  ["08-15", "Assomption"],
  ["11-01", "Toussaint"],
  ["11-11", "Armistice 1918"],
  ["12-25", "Noël"],
];

const pad = (n: number) => String(n).padStart(2, "0");

/** Easter Sunday of a Gregorian year (the anonymous Meeus/Jones/Butcher computation). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The year's public holidays, day → name, in calendar order. */
export function publicHolidays(year: number): Map<string, string> {
  const easter = easterSunday(year);
  const all: [string, string][] = [
    ...FIXED.map(([md, name]): [string, string] => [`${year}-${md}`, name]),
    [addDays(easter, 1), "Lundi de Pâques"],
    [addDays(easter, 39), "Ascension"],
    [addDays(easter, 50), "Lundi de Pentecôte"],
  ];
  return new Map(all.sort(([a], [b]) => a.localeCompare(b)));
}

const byYear = new Map<number, Map<string, string>>();

/** The holiday's name if `day` is a French public holiday, otherwise null. */
export function holidayName(day: string): string | null {
  const year = Number(day.slice(0, 4));
  let holidays = byYear.get(year);
  if (!holidays) {
    holidays = publicHolidays(year);
    byYear.set(year, holidays);
  }
  return holidays.get(day) ?? null;
}
