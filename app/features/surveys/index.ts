// The surveys feature's browser-safe face for other features: they import from here, never from its files
// (docs/architecture.md). Routes may import any of its files directly.
export { type AskedQuestion, checkAnswers, fieldOf, TEXT_ANSWER_MAX } from "./answer-rules";
export { SurveyForm } from "./components/survey-form";
