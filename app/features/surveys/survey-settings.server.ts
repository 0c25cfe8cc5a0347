import { surveySettings } from "~/features/surveys/schema.server";
import type { Db } from "~/platform/db/client.server";
import { SURVEY_SETTINGS_DEFAULTS, type SurveyDelays } from "./delays";

/** The surveys' delays as set in Paramètres; the defaults before the row exists (a hand-made database). */
export async function getSurveySettings(db: Db): Promise<SurveyDelays> {
  const [row] = await db
    .select({
      coldDelayMonths: surveySettings.coldDelayMonths,
      reminderDelayDays: surveySettings.reminderDelayDays,
      openDays: surveySettings.openDays,
    })
    .from(surveySettings)
    .limit(1);
  return row ?? SURVEY_SETTINGS_DEFAULTS;
}

export async function saveSurveySettings(db: Db, values: SurveyDelays): Promise<void> {
  await db
    .insert(surveySettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: surveySettings.id, set: { ...values, updatedAt: new Date() } });
}
