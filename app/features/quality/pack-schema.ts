/**
 * The evidence pack's period as the console's form posts it, checked on the server (and shared with
 * the page for its default): two days, the second not before the first, three years at most.
 */
import { z } from "zod";
import { addDays } from "~/platform/dates";
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
    if (period.to < period.from) ctx.addIssue({ code: "custom", path: ["to"], message: PACK_ERRORS.order });
    else if (addDays(period.from, MAX_PACK_DAYS) < period.to)
      ctx.addIssue({ code: "custom", path: ["to"], message: PACK_ERRORS.length });
  });

/** The default period: the last 12 months up to `today` (from the same day a year before, plus one). */
export function defaultPackPeriod(today: string): { from: string; to: string } {
  const [year = 2000, month = 1, day = 1] = today.split("-").map(Number);
  const yearBefore = `${year - 1}-${String(month).padStart(2, "0")}-${String(Math.min(day, 28)).padStart(2, "0")}`;
  return { from: addDays(yearBefore, day > 28 ? day - 28 + 1 : 1), to: today };
}
