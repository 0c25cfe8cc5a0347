import { z } from "zod";
import { SURVEY_AUDIENCES, type SurveyAudience } from "./vocabulary";

/**
 * Whether the automatic waves (à chaud on the session's last day, à froid after the delay) write to
 * an audience: staff may turn one off (an employer who asked not to be written to, a funder that runs
 * its own survey) and still send its questionnaire by hand from Enquêtes. The column of each audience
 * in survey_settings, named as Paramètres posts it and the Journal lists it.
 */
export const AUTOMATIC_FIELDS = {
  learner: "autoLearner",
  employer: "autoEmployer",
  trainer: "autoTrainer",
  funder: "autoFunder",
} as const satisfies Record<SurveyAudience, string>;

export type AutomaticField = (typeof AUTOMATIC_FIELDS)[SurveyAudience];
export type SurveyAutomatic = Record<AutomaticField, boolean>;

/** Every audience is written to until staff say otherwise. */
export const AUTOMATIC_DEFAULTS: SurveyAutomatic = {
  autoLearner: true,
  autoEmployer: true,
  autoTrainer: true,
  autoFunder: true,
};

/** The audiences the automatic waves write to. */
export const automaticAudiences = (settings: SurveyAutomatic): SurveyAudience[] =>
  SURVEY_AUDIENCES.filter((audience) => settings[AUTOMATIC_FIELDS[audience]]);

/** A checkbox: 'on' when ticked, absent when not; any other value is refused. */
const ticked = z
  .enum(["on"], { error: "Valeur invalide\u00a0: cochez ou décochez la case" })
  .optional()
  .transform((v) => v === "on");

/** Paramètres' 'Envoi automatique' form: one checkbox per audience. */
export const surveyAutomaticSchema = z.object({
  autoLearner: ticked,
  autoEmployer: ticked,
  autoTrainer: ticked,
  autoFunder: ticked,
}) satisfies z.ZodType<SurveyAutomatic, Record<string, unknown>>;
