// The spaces feature's browser-safe face: its addresses and words.
export * from "./paths";
export * from "./vocabulary";
