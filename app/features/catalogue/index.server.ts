// The catalogue feature's server-only face for the routes and other features: they import from here, never
// from its files (docs/architecture.md).

export * from "./application-uses.server";
export { sessionTitle, sessionTitleOf } from "./audit-record.server";
export * from "./catalogue.server";
export {
  activeFormationChoices,
  formationAction,
  formationFiltersFrom,
  formationForEditor,
  formationsPage,
} from "./console-formations.server";
export { type AdminSession, formationWithSessions, sessionAction } from "./console-sessions.server";
export { draftFormation, formationVersions } from "./formation-versions.server";
export { lheoResponse, provideLheoResults } from "./lheo/lheo.server";
export { programmeFileName, programmePdf, programmeVersion, renderProgramme } from "./programme-pdf.server";
export * from "./sessions.server";
