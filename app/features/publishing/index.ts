export { PublicationBadge } from "./components/publication-badge";
export { PublicationScreen } from "./components/publication-screen";
export { ScheduleFields } from "./components/schedule-fields";
export {
  checkSchedule,
  PUBLICATION_STATE_LABELS,
  PUBLISHED_AND_SCHEDULED,
  type PublicationState,
  publicationState,
  type Schedule,
  scheduleFields,
  scheduleFieldValue,
} from "./schedule";
