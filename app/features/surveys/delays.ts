import { z } from "zod";
import { INSERTION_MONTHS } from "~/features/catalogue";
import { AUTOMATIC_DEFAULTS, type SurveyAutomatic } from "./automatic";

/** The surveys' delays (Paramètres): the à-froid delay, the reminder's, how long a link works. */
export interface SurveyDelays {
  coldDelayMonths: number;
  reminderDelayDays: number;
  openDays: number;
}

/** The delays and which audiences the automatic waves write to (automatic.ts). */
export type SurveySettings = SurveyDelays & SurveyAutomatic;

export const SURVEY_SETTINGS_DEFAULTS: SurveySettings = {
  coldDelayMonths: 3,
  reminderDelayDays: 7,
  openDays: 30,
  ...AUTOMATIC_DEFAULTS,
};

/** The à-froid survey's delay, in months after the session's last day: from the insertion period to two years. */
export const COLD_DELAY_MIN_MONTHS = INSERTION_MONTHS;
export const COLD_DELAY_MAX_MONTHS = 24;
export const COLD_DELAY_ERROR = `Un nombre de mois entre ${COLD_DELAY_MIN_MONTHS} et ${COLD_DELAY_MAX_MONTHS}\u00a0: le taux d'insertion à ${INSERTION_MONTHS} mois ne compte que les réponses données au moins ${INSERTION_MONTHS} mois après la fin de la session`;

const whole = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

/** The Paramètres form's fields, with the bounds the database also checks. */
export const surveyDelaysSchema = z
  .object({
    // Never sooner than the insertion rate's period: an answer given earlier would not count towards
    // 'insertion à N mois' (figures.server.ts), so a shorter delay asks for nothing the rate can use.
    coldDelayMonths: whole(COLD_DELAY_MIN_MONTHS, COLD_DELAY_MAX_MONTHS, COLD_DELAY_ERROR),
    reminderDelayDays: whole(1, 60, "Un nombre de jours entre 1 et 60"),
    openDays: whole(7, 365, "Un nombre de jours entre 7 et 365"),
  })
  .refine((d) => d.reminderDelayDays < d.openDays, {
    path: ["reminderDelayDays"],
    message: "Le rappel doit partir avant la clôture de l'enquête",
  });
