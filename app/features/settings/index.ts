// The settings feature's browser-safe face for the routes and other features: they import from here, never
// from its files (docs/architecture.md).
export * from "./centre";
export { AbsenceAlertsCard } from "./components/absence-alerts-card";
export { AttendanceLinksCard } from "./components/attendance-links-card";
export { CentreSettingsForm } from "./components/centre-settings-form";
export { CertificateCard } from "./components/certificate-card";
export { InternalRulesCard } from "./components/internal-rules-card";
export * from "./components/qualiopi-mention";
export * from "./retention";
export * from "./vat";
