// The catalogue feature's browser-safe face for the routes and other features: they import from here, never
// from its files (docs/architecture.md).
export * from "./bpf-objective";
export {
  type CatalogueFilters,
  type CatalogueItem,
  currentLevelSearch,
  filterCatalogue,
  filtersToSearch,
  type LevelFilter,
  parseFilters,
  type TypeFilter,
} from "./catalogue";
export * from "./certification-code";
export { DisabilityReferent, InfoTiles, NotFoundFormation } from "./components/course-page-parts";
export { CertificationSection, PracticalSection, Section } from "./components/course-record";
export { countFigure, FigureList, rateFigure } from "./components/figures";
export { FormationCard } from "./components/formation-card";
export { FormationEditor } from "./components/formation-editor";
export { courseInstances, FormationSessions } from "./components/formation-sessions";
export { GoalPicker } from "./components/goal-picker";
export { LheoStatus } from "./components/lheo-status";
export { QualiopiStatus } from "./components/qualiopi-status";
export { QualiopiWarning } from "./components/qualiopi-warning";
export { SessionDialog } from "./components/session-dialog";
export { SessionFilters } from "./components/session-filters";
export { SESSION_NOT_FOUND, SessionRecordError } from "./components/session-record-error";
export { courseOffer } from "./course-offer";
export { certificationInfo, practicalRows } from "./course-record";
export { GOALS, goalById } from "./goals";
export * from "./levels";
export { moduleHeading } from "./module-heading";
export * from "./qualiopi";
export * from "./results";
export * from "./sessions";
export * from "./vocabulary";
