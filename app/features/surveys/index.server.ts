// The surveys feature's server-only face for other features: they import from here, never from its files
// (docs/architecture.md). Routes may import any of its files directly.
export { type SurveyFigures, surveyFigures } from "./figures.server";
export { type SurveyPeriodFile, surveyPeriodFiles } from "./period-answers.server";
export type { AudienceCounts, ResponseCount } from "./rates";
export { type SurveyRound, SurveyScheduler } from "./scheduler.server";
export { stakeholderResponseCounts } from "./stakeholders.server";
export { hashToken, surveyToken, surveyUrl, TOKEN_SHAPE } from "./tokens.server";
export { SURVEY_AUDIENCE_LABELS, SURVEY_AUDIENCES, type SurveyAudience } from "./vocabulary";
