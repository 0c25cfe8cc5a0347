// The timetable feature's browser-safe face for the routes and other features: they import from here, never
// from its files (docs/architecture.md).

export {
  ClashWarning,
  PatternForm,
  SlotForm,
  SlotsTable,
  TimetableTotals,
} from "./components/timetable-editor";
export { hoursText, slotPlaceText, timeText, totalMinutes } from "./slots";
