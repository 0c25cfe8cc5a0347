// The documents feature's browser-safe face for the routes and other features: they import from here, never
// from its files (docs/architecture.md).
export * from "./components/learner-documents";
export * from "./components/send-session-documents";
export * from "./components/session-documents";
export { DOCUMENT_TYPES, documentTypeOf } from "./types";
