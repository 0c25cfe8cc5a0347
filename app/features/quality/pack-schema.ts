/**
 * The evidence pack's period as the console's form posts it, checked on the server (and shared with
 * the page for its default): two days, the second not before the first, three years at most.
 */
import { z } from "zod";
import { addDays, isCalendarDay } from "~/platform/dates";
import { calendarDay } from "~/platform/form-schema";

export const MAX_PACK_DAYS = 3 * 366;

export const PACK_ERRORS = {
  from: "Indiquez le premier jour de la période",
  to: "Indiquez le dernier jour de la période",
  order: "Le dernier jour doit venir après le premier",
  length: "La période ne peut pas dépasser 3\u00a0ans",
} as const;

export const packPeriodSchema = z
  .object({ from: calendarDay(PACK_ERRORS.from), to: calendarDay(PACK_ERRORS.to) })
  .superRefine((period, ctx) => {
    // A day already refused says so alone.
    if (!isCalendarDay(period.from) || !isCalendarDay(period.to)) return;
    if (period.to < period.from) ctx.addIssue({ code: "custom", path: ["to"], message: PACK_ERRORS.order });
    else if (addDays(period.from, MAX_PACK_DAYS) < period.to)
      ctx.addIssue({ code: "custom", path: ["to"], message: PACK_ERRORS.length });
  });

/**
 * The default period: the last 12 months up to `today`, from the day after the same date a year
 * before (the 29th of February of a leap year goes back to the 28th).
 */
export function defaultPackPeriod(today: string): { from: string; to: string } {
  const [year = 2000, month = 1, day = 1] = today.split("-").map(Number);
  const lastDay = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
  const yearBefore = `${year - 1}-${String(month).padStart(2, "0")}-${String(Math.min(day, lastDay)).padStart(2, "0")}`;
  return { from: addDays(yearBefore, 1), to: today };
}
