import { z } from "zod";
import { calendarDay, entityId, optionalId, optionalText, optionalUrl } from "~/platform/form-schema";
import { parseTime, WEEKDAYS } from "./slots";

/** Most slots one pattern may create: a year of weekdays, two slots a day. */
export const MAX_GENERATED = 600;

const time = (message: string) =>
  z.string({ error: message }).transform((value, ctx) => {
    const minutes = parseTime(value);
    if (minutes === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return minutes;
  });

/** An optional second range: both blank, or both times. */
const optionalTime = (message: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return null;
      const minutes = parseTime(value);
      if (minutes === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return minutes;
    });

const where = {
  place: optionalText(300),
  link: optionalUrl,
  // Picked from the register (Formateurs); blank is nobody yet.
  trainerId: optionalId("Choisissez un formateur ou une formatrice du registre"),
};

const END_AFTER_START = "L'heure de fin doit suivre l'heure de début";

/** One slot entered by hand. The server checks the day against the session's dates. */
export const slotSchema = z
  .object({
    sessionId: entityId,
    day: calendarDay("Date invalide"),
    start: time("Heure de début invalide (par exemple 09:00)"),
    end: time("Heure de fin invalide (par exemple 12:30)"),
    ...where,
  })
  .superRefine((s, ctx) => {
    if (s.end <= s.start) ctx.addIssue({ code: "custom", path: ["end"], message: END_AFTER_START });
  });
export type SlotInput = z.infer<typeof slotSchema>;

const WEEKDAY_VALUES = new Set<string>(WEEKDAYS.map((d) => d.value));

/** 'Lundi et mardi, 9 h–12 h 30 et 13 h 30–17 h, du … au …': the slots generated at once. */
export const patternSchema = z
  .object({
    sessionId: entityId,
    weekdays: z
      .string()
      .optional()
      .transform((value) => [
        ...new Set(
          (value ?? "")
            .split(",")
            .map((v) => v.trim())
            .filter((v) => WEEKDAY_VALUES.has(v))
            .map(Number),
        ),
      ])
      .refine((days) => days.length > 0, "Cochez au moins un jour de la semaine"),
    start1: time("Heure de début invalide (par exemple 09:00)"),
    end1: time("Heure de fin invalide (par exemple 12:30)"),
    start2: optionalTime("Heure de début invalide (par exemple 13:30)"),
    end2: optionalTime("Heure de fin invalide (par exemple 17:00)"),
    from: calendarDay("Date de début invalide"),
    to: calendarDay("Date de fin invalide"),
    ...where,
  })
  .superRefine((p, ctx) => {
    if (p.end1 <= p.start1) ctx.addIssue({ code: "custom", path: ["end1"], message: END_AFTER_START });
    if ((p.start2 === null) !== (p.end2 === null)) {
      const path = p.start2 === null ? "start2" : "end2";
      ctx.addIssue({
        code: "custom",
        path: [path],
        message: "Indiquez le début et la fin du second créneau",
      });
    } else if (p.start2 !== null && p.end2 !== null) {
      if (p.end2 <= p.start2) ctx.addIssue({ code: "custom", path: ["end2"], message: END_AFTER_START });
      else if (p.start2 < p.end1) {
        ctx.addIssue({
          code: "custom",
          path: ["start2"],
          message: "Le second créneau doit commencer après la fin du premier",
        });
      }
    }
    if (p.to < p.from) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "La date de fin doit suivre la date de début" });
    }
  });
export type PatternInput = z.infer<typeof patternSchema>;
