// The catalogue feature's browser-safe face for other features: they import from here, never from its files
// (docs/architecture.md). Routes may import any of its files directly.
export * from "./bpf-objective";
export * from "./certification-code";
export * from "./levels";
export * from "./qualiopi";
export * from "./results";
export * from "./sessions";
export * from "./vocabulary";
