// The learners feature's server-only face for the routes and other features: they import from here, never
// from its files (docs/architecture.md).

export { recordAbandon } from "./abandon.server";
export { learnerTitleOf } from "./audit-record.server";
export { type ImportAnswer, learnerAction, learnerImportAction } from "./console-learners.server";
export { type ConventionParty, setConventionParty } from "./convention-party.server";
export { type LearnerHold, registerLearnerHold } from "./learner-holds.server";
export {
  exportLearners,
  type LearnerRow,
  learnersPage,
  NO_LEARNERS,
  payerColumns,
} from "./learner-list.server";
export {
  type AdmittedCandidate,
  admissionUndone,
  enrolAdmitted,
  type LearnerAdmitted,
  onLearnerAdmitted,
} from "./learners.server";
export { anonymiseExpiredLearners, type LearnersAnonymised, onLearnersAnonymised } from "./retention.server";
