// The quality feature's browser-safe face for the routes and other features: they import from
// here, never from its files (docs/architecture.md).
export { ProposeImprovement } from "./components/propose-improvement";
export { QualityAnswersForm } from "./components/quality-answers-form";
export { RegisterDialog } from "./components/register-dialog";
export { RegisterScreen } from "./components/register-screen";
export { defaultPackPeriod } from "./pack-schema";
export { CRITERIA } from "./referential";
export { IMPROVEMENT_REGISTER, PARTNER_REGISTER, WATCH_REGISTER } from "./registers";
export { INDICATOR_STATE_LABELS, type IndicatorRow, type IndicatorState } from "./rules";
export {
  IMPROVEMENT_ORIGIN_LABELS,
  IMPROVEMENT_STATE_LABELS,
  PARTNER_KIND_LABELS,
  QUALITY_PACK_STATE_LABELS,
  WATCH_KIND_INDICATORS,
  WATCH_KIND_LABELS,
} from "./vocabulary";
