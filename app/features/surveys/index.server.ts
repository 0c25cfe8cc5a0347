// The surveys feature's server-only face for the routes and other features: they import from here, never from
// its files (docs/architecture.md).

export { analyseAnswers, analysisScope, exportAnalysis } from "./analysis.server";
export { analysisPdf } from "./analysis-pdf.server";
export { openSurveyLink, submitSurveyAnswers } from "./answering.server";
export {
  answersOf,
  exportAnswers,
  getQuestionnaire,
  listQuestionnaires,
  type SessionStatusRow,
  sessionsStatus,
} from "./console-reading.server";
export { surveysAction } from "./console-sending.server";
export { surveyCsvResponse } from "./csv-download.server";
export { type SurveyFigures, surveyFigures } from "./figures.server";
export { type SurveyPeriodFile, surveyPeriodFiles } from "./period-answers.server";
export { questionnaireAction } from "./questionnaire-editing.server";
export type { AudienceCounts, ResponseCount } from "./rates";
export { type SurveyRound, SurveyScheduler } from "./scheduler.server";
export { sessionTarget } from "./sending.server";
export { formationResponseCounts, stakeholderResponseCounts } from "./stakeholders.server";
export { getSurveySettings } from "./survey-settings.server";
export { hashToken, surveyToken, surveyUrl, TOKEN_SHAPE } from "./tokens.server";
export { SURVEY_AUDIENCE_LABELS, SURVEY_AUDIENCES, type SurveyAudience } from "./vocabulary";
