// The settings feature's server-only face for the routes and other features: they import from here, never
// from its files (docs/architecture.md).
export * from "./centre.server";
export { getCertificateFile, settingsAction } from "./console-settings.server";
export * from "./vat.server";
