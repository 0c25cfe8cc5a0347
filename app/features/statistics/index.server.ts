// The statistics feature's server-only face for the routes and other features: they import from
// here, never from its files (docs/architecture.md).
export { type Statistics, statistics, statisticsCsv } from "./statistics.server";
