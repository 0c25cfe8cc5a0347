// The demo feature's browser-safe face for the routes and other features: they import from
// here, never from its files (docs/architecture.md).
export { DemoDataCard, SetupChecklist } from "./components/demo-panels";
