// The applications feature's browser-safe face for the routes and other features: they import from here,
// never from its files (docs/architecture.md).

export { APPLICATION_FIELD_LABELS, APPLICATION_FIELDS } from "./application-entity";
export { ApplicationNotes } from "./components/application-notes";
export { ApplicationStatusForm } from "./components/application-status-form";
export { EraseApplication } from "./components/erase-application";
export { SeatOffer, SeatOfferedBadge } from "./components/seat-offer";
export { applicationFiltersFrom } from "./console-schema";
export {
  APPLICATION_FILES,
  APPLICATION_LIMITS,
  checkChosenFile,
  FILE_ACCEPT,
  FINANCINGS,
  financingLabel,
  SITUATIONS,
  situationLabel,
} from "./content";
export * from "./status";
