// The indicators feature's server-only face for the routes and other features: they import from here, never
// from its files (docs/architecture.md).
export * from "./indicators.server";
export * from "./indicators-html.server";
