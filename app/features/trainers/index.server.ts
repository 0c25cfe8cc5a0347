// The trainers feature's server-only face for other features: they import from here, never from its
// files (docs/architecture.md). Routes may import any of its files directly. A trainer's sessions,
// slots and learners are the timetable's (features/timetable/index.server.ts: trainerSessions,
// trainerLearners): the timetable names trainers, so the register does not import it.
export { trainerTitle } from "./audit-record.server";
export { type TrainerRecord, trainerRecord } from "./console-trainers.server";
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
export { trainerDocumentFile } from "./trainer-documents.server";
