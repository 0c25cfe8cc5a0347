// The applications feature's server-only face for the routes and other features: they import from here, never
// from its files (docs/architecture.md).

export * from "./catalogue-uses.server";
export { applicationAction } from "./console-admissions.server";
export {
  applicationsPage,
  getApplication,
  getApplicationFile,
  NO_APPLICATIONS,
} from "./console-applications.server";
export * from "./files.server";
export { type ApplyResult, receiveApplication } from "./intake.server";
export * from "./waiting-list.server";
