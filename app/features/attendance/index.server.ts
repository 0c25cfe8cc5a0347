// The attendance feature's server-only face for the routes and other features: they import from here, never
// from its files (docs/architecture.md).

export { absenceAlertFacts, openAbsenceAlerts } from "./absence-alerts.server";
export { absenceFollowUpCsv } from "./absence-register.server";
export {
  attendanceCode,
  attendanceUrl,
  codeText,
  openAttendanceLink,
  roomSlotOf,
  roomUrl,
  slotLinks,
  slotRoomToken,
} from "./attendance-links.server";
export { sessionAttendance, slotAttendance } from "./attendance-views.server";
export { writeBlankSheet } from "./blank-sheet-pdf.server";
export { ATTENDANCE_PERMISSIONS, attendanceAction, deviceOf } from "./console-attendance.server";
export { followUpAction, learnerFollowUpPage } from "./follow-ups.server";
export { type AttendanceFilter, attendedMinutes } from "./minutes.server";
export { latestSheet, sheetAction, sheetDownload } from "./sheet-jobs.server";
export { writeAttendanceSheet } from "./sheet-pdf.server";
export { SIGNATURE_TOO_LARGE } from "./signature-input.server";
export { identifyInRoom, type RoomIdentity, signInRoom, signThroughLink, slotOf } from "./signing.server";
export { type SlotTimes, windowState } from "./signing-window";
export {
  type ActingTrainer,
  trainerAttendanceAction,
  trainerSlotAttendance,
} from "./trainer-attendance.server";
