// The positioning feature's server-only face for other features and app/boot: they import from here,
// never from its files (docs/architecture.md). Routes may import any of its files directly.

export { answerPositioning, openPositioning, positioningStateOf } from "./answering.server";
export { learnerPositioningPage, positioningAction } from "./console-positioning.server";
export { erasePositionings } from "./erasure.server";
export { type PositioningFacts, positioningCsv, positioningFacts } from "./facts.server";
export { sendPositioningOnAdmission } from "./sending.server";
