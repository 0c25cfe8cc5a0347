// The attendance feature's server-only face for other features: they import from here, never from its
// files (docs/architecture.md). Routes may import any of its files directly.

export { absenceAlertFacts } from "./absence-alerts.server";
export { absenceFollowUpCsv } from "./absence-register.server";
export { attendanceCode, attendanceUrl, codeText, slotLinks } from "./attendance-links.server";
export { deviceOf } from "./console-attendance.server";
export { type AttendanceFilter, attendedMinutes } from "./minutes.server";
export { writeAttendanceSheet } from "./sheet-pdf.server";
export { type SlotTimes, windowState } from "./signing-window";
export {
  type ActingTrainer,
  trainerAttendanceAction,
  trainerSlotAttendance,
} from "./trainer-attendance.server";
