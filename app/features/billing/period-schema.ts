/**
 * A period of issue dates asked for an export (?du=&au=, Paris days, both included), checked the same
 * way in the browser and on the server: two real days, the first not after the second.
 */
import { z } from "zod";
import { calendarDay } from "~/platform/form-schema";

export const PERIOD_MESSAGES = {
  from: "Date de début invalide",
  to: "Date de fin invalide",
  order: "La date de fin précède la date de début",
} as const;

export const periodSchema = z
  .object({ du: calendarDay(PERIOD_MESSAGES.from), au: calendarDay(PERIOD_MESSAGES.to) })
  .refine((p) => p.du <= p.au, { message: PERIOD_MESSAGES.order, path: ["au"] })
  .transform((p) => ({ from: p.du, to: p.au }));

/** Issue dates from `from` to `to`, both included ('YYYY-MM-DD'). */
export type Period = z.output<typeof periodSchema>;
