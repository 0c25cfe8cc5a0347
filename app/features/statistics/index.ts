// The statistics feature's browser-safe face for the routes and other features: they import from
// here, never from its files (docs/architecture.md).
export { StatChartCard } from "./components/stat-chart";
export { isChartId, mailKindLabel, PERIOD_LABELS, PERIODS, periodFrom, shortDay } from "./statistics";
