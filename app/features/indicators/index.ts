// The indicators feature's browser-safe face for the routes and other features: they import from here, never
// from its files (docs/architecture.md).

export { IndicatorsTable } from "./components/indicators-table";
export * from "./indicators";
