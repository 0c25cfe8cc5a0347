// The journal feature's browser-safe face for the routes and other features: they import from here, never
// from its files (docs/architecture.md).
export * from "./changes";
export { AUDIT_ENTITIES, AUDIT_PAGE_SIZE } from "./log";
export * from "./registry";
