// The timetable feature's browser-safe face for the routes and other features: they import from here, never
// from its files (docs/architecture.md).

export { PatternForm, SlotForm } from "./components/timetable-editor";
export { ClashWarning, SlotsTable, TimetableTotals } from "./components/timetable-slots";
export { hoursText, slotPlaceText, timeText, totalMinutes } from "./slots";
