// The catalogue feature's server-only face for other features: they import from here, never from its files
// (docs/architecture.md). Routes may import any of its files directly.

export * from "./application-uses.server";
export { sessionTitle, sessionTitleOf } from "./audit-record.server";
export * from "./catalogue.server";
export { formationVersions } from "./formation-versions.server";
export { programmeFileName, renderProgramme } from "./programme-pdf.server";
export * from "./sessions.server";
