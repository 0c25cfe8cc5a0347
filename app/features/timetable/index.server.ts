// The timetable feature's server-only face for other features: they import from here, never from its files
// (docs/architecture.md). Routes may import any of its files directly.
export { sessionTimetable } from "./timetable.server";
// A trainer's sessions, slots and learners: what their space shows (features/trainers keeps the register).
export {
  type TrainerLearner,
  type TrainerSession,
  trainerLearners,
  trainerSessions,
} from "./trainer-view.server";
