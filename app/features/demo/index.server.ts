// The demo feature's server-only face for the routes and other features: they import from here, never from
// its files (docs/architecture.md).

export { demoAction } from "./console-demo.server";
export { demoSummary, hasDemoContent, setupChecklist } from "./demo.server";
export { demoDocument } from "./fixtures/documents.server";
