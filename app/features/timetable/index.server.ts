// The timetable feature's server-only face for the routes and other features: they import from here, never
// from its files (docs/architecture.md).

export { timetableAction } from "./console-timetable.server";
export { sessionTimetable, timetableMinutes } from "./timetable.server";
// A trainer's sessions, slots and learners: what their space shows (features/trainers keeps the register).
export {
  type TrainerLearner,
  type TrainerSession,
  trainerLearners,
  trainerSessions,
} from "./trainer-view.server";
