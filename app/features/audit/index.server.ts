// The journal feature's server-only face for other features: they import from here, never from its files
// (docs/architecture.md). Routes may import any of its files directly.
export * from "./audit.server";
export * from "./crud.server";
export * from "./purge.server";
export * from "./registry.server";
