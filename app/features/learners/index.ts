// The learners feature's browser-safe face for the routes and other features: they import from here, never
// from its files (docs/architecture.md).

export { LearnerDialog } from "./components/learner-dialog";
export {
  LEARNER_NOT_FOUND,
  LearnerPageError,
  learnerListLink,
  learnerPageTitle,
} from "./components/learner-page";
export { IMPORT_MAX_ROWS } from "./csv-import";
export { learnerFiltersFrom } from "./learner-schema";
export * from "./vocabulary";
