// The console feature's server-only face for the routes and other features: they import from
// here, never from its files (docs/architecture.md).
export { type DashboardData, dashboardData } from "./dashboard.server";
