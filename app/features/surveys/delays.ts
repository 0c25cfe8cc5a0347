import { z } from "zod";

/** The surveys' delays (Paramètres): the à-froid delay, the reminder's, how long a link works. */
export interface SurveyDelays {
  coldDelayMonths: number;
  reminderDelayDays: number;
  openDays: number;
}

export const SURVEY_SETTINGS_DEFAULTS: SurveyDelays = {
  coldDelayMonths: 3,
  reminderDelayDays: 7,
  openDays: 30,
};

const whole = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

/** The Paramètres form's fields, with the bounds the database also checks. */
export const surveyDelaysSchema = z
  .object({
    coldDelayMonths: whole(1, 24, "Un nombre de mois entre 1 et 24"),
    reminderDelayDays: whole(1, 60, "Un nombre de jours entre 1 et 60"),
    openDays: whole(7, 365, "Un nombre de jours entre 7 et 365"),
  })
  .refine((d) => d.reminderDelayDays < d.openDays, {
    path: ["reminderDelayDays"],
    message: "Le rappel doit partir avant la clôture de l'enquête",
  });
