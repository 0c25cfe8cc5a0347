// The calendar feature's browser-safe face for the routes and other features: they import from
// here, never from its files (docs/architecture.md).
export {
  type CalendarEvent,
  dayLabel,
  EVENT_KIND_LABELS,
  type EventKind,
  monthFrom,
  monthLabel,
  monthWeeks,
  shiftMonth,
  WEEKDAY_NAMES,
} from "./calendar";
