// The billing feature's browser-safe face: vocabulary, form schemas, pure rules the screens share.
export * from "./funding-plan";
export * from "./funding-plan-schema";
export * from "./invoice-document";
export * from "./invoice-schema";
export * from "./invoice-totals";
export * from "./number-format";
export type * from "./parties";
export * from "./vocabulary";
