// The positioning feature's browser-safe face for other features: they import from here, never from its
// files (docs/architecture.md). Routes may import any of its files directly.

export {
  AdaptationDecided,
  AdaptationForm,
  PositioningAnswers,
  SendPositioningForm,
} from "./components/positioning-file";
export { PositioningQuestionnaire } from "./components/positioning-questionnaire";
export { positioningHref } from "./paths";
export { POSITIONING_TITLE } from "./questions";
