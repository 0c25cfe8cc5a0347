// The learners feature's server-only face for other features: they import from here, never from its files
// (docs/architecture.md). Routes may import any of its files directly.

export { learnerTitleOf } from "./audit-record.server";
export { type ConventionParty, setConventionParty } from "./convention-party.server";
export { type LearnerHold, registerLearnerHold } from "./learner-holds.server";
export {
  type AdmittedCandidate,
  admissionUndone,
  enrolAdmitted,
  type LearnerAdmitted,
  onLearnerAdmitted,
  payerColumns,
} from "./learners.server";
export { anonymiseExpiredLearners, type LearnersAnonymised, onLearnersAnonymised } from "./retention.server";
