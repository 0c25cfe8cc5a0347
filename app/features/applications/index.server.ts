// The applications feature's server-only face for other features: they import from here, never from its files
// (docs/architecture.md). Routes may import any of its files directly.

export * from "./catalogue-uses.server";
export * from "./files.server";
export * from "./waiting-list.server";
