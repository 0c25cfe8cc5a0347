// The surveys feature's browser-safe face for the routes and other features: they import from
// here, never from its files (docs/architecture.md).

export { type AskedQuestion, checkAnswers, fieldOf, TEXT_ANSWER_MAX } from "./answer-rules";
export { automaticAudiences } from "./automatic";
export { AnswersAnalysis } from "./components/answers-analysis";
export { SurveyDelaysCard } from "./components/delays-card";
export { NewQuestionnaireForm } from "./components/new-questionnaire-form";
export { QuestionForm } from "./components/question-form";
export { ResponseCounts } from "./components/response-counts";
export { SendSurveyForm } from "./components/send-form";
export { SurveyForm } from "./components/survey-form";
export { answerFiltersFrom, answerQuery, INTRO_MAX, TITLE_MAX } from "./console-schema";
export { SURVEY_SETTINGS_DEFAULTS } from "./delays";
export { countText } from "./rates";
export { QUESTIONNAIRE_FIELD_LABELS } from "./survey-entity";
export {
  QUESTIONNAIRE_KIND_LABELS,
  SURVEY_AUDIENCE_LABELS,
  SURVEY_AUDIENCES,
  SURVEY_WAVE_LABELS,
  type SurveyWave,
} from "./vocabulary";
