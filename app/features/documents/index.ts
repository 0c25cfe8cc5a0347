// The documents feature's browser-safe face for other features: they import from here, never from its files
// (docs/architecture.md). Routes may import any of its files directly.
export * from "./components/learner-documents";
export * from "./components/send-session-documents";
export * from "./components/session-documents";
