// The console feature's browser-safe face for the routes and other features: they import from
// here, never from its files (docs/architecture.md).
export { AdminSidebar } from "./components/console-sidebar";
export { renamedConsoleUrl } from "./renamed-paths";
