// The journal feature's server-only face for the routes and other features: they import from here, never from
// its files (docs/architecture.md).
export * from "./audit.server";
export * from "./crud.server";
export * from "./purge.server";
export * from "./registry.server";
