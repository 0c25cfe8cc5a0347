// The trainers feature's server-only face for the routes and other features: they import from here, never
// from its files (docs/architecture.md). A trainer's sessions, slots and learners are the timetable's
// (features/timetable/index.server.ts: trainerSessions, trainerLearners): the timetable names trainers, so
// the register does not import it.
export { trainerTitle } from "./audit-record.server";
export {
  type AdminTrainer,
  NO_TRAINERS,
  type TrainerRecord,
  trainerAction,
  trainerRecord,
  trainersPage,
} from "./console-trainers.server";
export {
  type ExpiringDocument,
  expiringTrainerDocuments,
  expiryText,
  TrainerExpiryScheduler,
} from "./expiry.server";
export {
  activeTrainerByEmail,
  registeredTrainer,
  type TrainerChoice,
  trainerChoices,
  trainerQualifications,
} from "./register.server";
export { trainerDocumentAction, trainerDocumentFile } from "./trainer-documents.server";
