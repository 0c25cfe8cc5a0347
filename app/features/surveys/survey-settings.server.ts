import { surveySettings } from "~/features/surveys/schema.server";
import type { Db } from "~/platform/db/client.server";
import type { SurveyAutomatic } from "./automatic";
import { SURVEY_SETTINGS_DEFAULTS, type SurveyDelays, type SurveySettings } from "./delays";

/**
 * The surveys' settings as set in Paramètres (delays, audiences written to automatically); the
 * defaults before the row exists (a hand-made database).
 */
export async function getSurveySettings(db: Db): Promise<SurveySettings> {
  const [row] = await db
    .select({
      coldDelayMonths: surveySettings.coldDelayMonths,
      reminderDelayDays: surveySettings.reminderDelayDays,
      openDays: surveySettings.openDays,
      autoLearner: surveySettings.autoLearner,
      autoEmployer: surveySettings.autoEmployer,
      autoTrainer: surveySettings.autoTrainer,
      autoFunder: surveySettings.autoFunder,
    })
    .from(surveySettings)
    .limit(1);
  return row ?? SURVEY_SETTINGS_DEFAULTS;
}

/** Saves the delays or the audiences' switches (the fields given; the others keep their value). */
export async function saveSurveySettings(db: Db, values: SurveyDelays | SurveyAutomatic): Promise<void> {
  await db
    .insert(surveySettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: surveySettings.id, set: { ...values, updatedAt: new Date() } });
}
