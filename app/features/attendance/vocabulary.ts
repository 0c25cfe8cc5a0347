/**
 * The attendance entries' statuses and the ways they are recorded, with their French labels. Plain
 * constants without imports: the database schema builds its enums from them (drizzle-kit reads this
 * file too), the console and the attendance sheet speak the labels.
 */

/** Present for the whole slot, late (some minutes missed at the start), or absent. */
export const ATTENDANCE_STATUSES = ["present", "late", "absent"] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export const ATTENDANCE_STATUS_LABELS: Record<AttendanceStatus, string> = {
  present: "Présent·e",
  late: "En retard",
  absent: "Absent·e",
};

/**
 * How an entry was made: a signature drawn on the trainer's device ('pad'), on the learner's own
 * phone through a personal link ('link') or through the slot's QR code shown in the room, the
 * learner identified by their personal code ('room'), a name typed instead of drawn by someone who
 * cannot use a pointer ('typed'), or a mark by staff without a signature (presence, absence,
 * lateness, correction, 'Tous présents').
 */
export const ATTENDANCE_METHODS = ["pad", "link", "room", "typed", "staff"] as const;
export type AttendanceMethod = (typeof ATTENDANCE_METHODS)[number];

export const ATTENDANCE_METHOD_LABELS: Record<AttendanceMethod, string> = {
  pad: "Signé sur place",
  link: "Signé par lien personnel",
  room: "Signé par QR code en salle",
  typed: "Nom saisi",
  staff: "Saisi par l'équipe",
};

/**
 * A signed sheet made in the background: waiting for a worker, being written (slot by slot, its
 * progress kept), ready to download, or failed (its reason kept for the console).
 */
export const ATTENDANCE_SHEET_STATES = ["queued", "running", "done", "failed"] as const;
export type AttendanceSheetState = (typeof ATTENDANCE_SHEET_STATES)[number];

/**
 * The two alerts Paramètres sets for a learner's absences: so many slots missed in a row
 * ('consecutive', counted in slots), or so large a share of the session's planned hours missed
 * ('hours', in percent). A late mark is not an absence for either.
 */
export const ABSENCE_ALERT_KINDS = ["consecutive", "hours"] as const;
export type AbsenceAlertKind = (typeof ABSENCE_ALERT_KINDS)[number];

export const ABSENCE_ALERT_KIND_LABELS: Record<AbsenceAlertKind, string> = {
  consecutive: "Absences consécutives",
  hours: "Part des heures manquées",
};

/**
 * What staff did about a learner's absences: a phone call, a meeting, or the learner's abandon
 * (which also sets the learner's status to 'Abandon', the one status learners keep for it).
 */
export const FOLLOW_UP_KINDS = ["call", "meeting", "dropout"] as const;
export type FollowUpKind = (typeof FOLLOW_UP_KINDS)[number];

export const FOLLOW_UP_KIND_LABELS: Record<FollowUpKind, string> = {
  call: "Appel",
  meeting: "Entretien",
  dropout: "Abandon",
};
