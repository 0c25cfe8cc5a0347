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
 * How an entry was made: a signature drawn on the trainer's device ('pad') or on the learner's own
 * phone through a personal link ('link'), a name typed instead of drawn by someone who cannot use a
 * pointer ('typed'), or a mark by staff without a signature (presence, absence, lateness, correction).
 */
export const ATTENDANCE_METHODS = ["pad", "link", "typed", "staff"] as const;
export type AttendanceMethod = (typeof ATTENDANCE_METHODS)[number];

export const ATTENDANCE_METHOD_LABELS: Record<AttendanceMethod, string> = {
  pad: "Signé sur place",
  link: "Signé par lien personnel",
  typed: "Nom saisi",
  staff: "Saisi par l'équipe",
};
