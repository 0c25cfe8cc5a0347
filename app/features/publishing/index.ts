export { PublicationBadge } from "./components/publication-badge";
export { ScheduleFields } from "./components/schedule-fields";
export {
  checkSchedule,
  PUBLICATION_STATE_LABELS,
  type PublicationState,
  publicationState,
  type Schedule,
  scheduleFields,
  scheduleFieldValue,
} from "./schedule";
