// Émargement: attendance entries, trainers' countersignatures, personal signing links.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea, createdAt } from "../../platform/db/columns.server";
import { users } from "../accounts/schema.server";
import { formationSessions } from "../catalogue/schema.server";
import { learners } from "../learners/schema.server";
import { sessionSlots } from "../timetable/schema.server";
import {
  ABSENCE_ALERT_KINDS,
  ATTENDANCE_METHODS,
  ATTENDANCE_SHEET_STATES,
  ATTENDANCE_STATUSES,
  FOLLOW_UP_KINDS,
} from "./vocabulary";

export const attendanceStatus = pgEnum("attendance_status", ATTENDANCE_STATUSES);

export const attendanceMethod = pgEnum("attendance_method", ATTENDANCE_METHODS);

/**
 * One learner's attendance at one slot, as recorded at `recordedAt` (the server's clock) from the
 * device at `ip`. A slot that has entries cannot be deleted (restrict): the sheet is evidence.
 */
export const attendanceEntries = pgTable(
  "attendance_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order of recording, without ties: the latest entry of a learner and a slot counts. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    slotId: uuid("slot_id")
      .notNull()
      .references(() => sessionSlots.id, { onDelete: "restrict" }),
    learnerId: uuid("learner_id")
      .notNull()
      .references(() => learners.id, { onDelete: "restrict" }),
    status: attendanceStatus("status").notNull(),
    /** Minutes missed at the start of the slot: positive exactly when the status is 'late'. */
    lateMinutes: integer("late_minutes").notNull().default(0),
    /** Why absent or late (free text, optional). */
    reason: text("reason"),
    method: attendanceMethod("method").notNull(),
    /** The drawn signature as PNG ('pad' and 'link'). */
    signature: bytea("signature"),
    /** The name typed instead of a drawing ('typed'). */
    typedName: text("typed_name"),
    /** The entry this one corrects (a staff correction), for the record. */
    correctsId: uuid("corrects_id").references((): AnyPgColumn => attendanceEntries.id, {
      onDelete: "restrict",
    }),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    /** The address of the device that sent it. */
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** The staff account that recorded it (null: the learner through a personal link). */
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("attendance_entries_late", sql`(${t.status} = 'late') = (${t.lateMinutes} > 0)`),
    // The method read as text: the migration that adds 'room' to the enum cannot use the new value
    // in the same transaction (PostgreSQL refuses an enum value added but not yet committed).
    check(
      "attendance_entries_signed",
      sql`(${t.method}::text in ('pad', 'link', 'room')) = (${t.signature} is not null) and (${t.method} = 'typed') = (${t.typedName} is not null)`,
    ),
    // One signature per learner and slot: a second tap, a retry or a second device is refused by the
    // database itself, whatever the number of instances. Staff marks and corrections are not bound.
    uniqueIndex("attendance_entries_signature_idx")
      .on(t.slotId, t.learnerId)
      .where(sql`${t.method} <> 'staff'`),
    index("attendance_entries_learner_slot_idx").on(t.learnerId, t.slotId, t.seq),
    index("attendance_entries_slot_idx").on(t.slotId),
  ],
);

/** The trainer's countersignature of a slot: once per slot, never replaced. */
export const attendanceCountersignatures = pgTable("attendance_countersignatures", {
  slotId: uuid("slot_id")
    .primaryKey()
    .references(() => sessionSlots.id, { onDelete: "restrict" }),
  trainerName: text("trainer_name").notNull(),
  signature: bytea("signature").notNull(),
  signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
  ip: text("ip"),
  userAgent: text("user_agent"),
  signedBy: text("signed_by").references(() => users.id, { onDelete: "set null" }),
});

/**
 * A learner's personal signing link for one slot. The token is derived from the id under the
 * server's secret; only its SHA-256 is kept, so a copy of the database signs nothing.
 */
export const attendanceLinks = pgTable(
  "attendance_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slotId: uuid("slot_id")
      .notNull()
      .references(() => sessionSlots.id, { onDelete: "cascade" }),
    learnerId: uuid("learner_id")
      .notNull()
      .references(() => learners.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("attendance_links_slot_learner_idx").on(t.slotId, t.learnerId)],
);

/**
 * The QR code shown in the room for one slot: its token is the HMAC of `id` under the server's
 * secret (only its SHA-256 is kept, as for personal links). It opens the slot's signing only during
 * the slot's signing window, and a learner signs through it only with their own personal code: the
 * code photographed on the wall signs for nobody. One per slot, made when staff first show it.
 */
export const attendanceRoomLinks = pgTable("attendance_room_links", {
  slotId: uuid("slot_id")
    .primaryKey()
    .references(() => sessionSlots.id, { onDelete: "cascade" }),
  id: uuid("id").notNull().unique().defaultRandom(),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * A signature as the sheet prints it (flattened on white, grey levels, at most twice its box), made
 * once when the learner signs, or by the first sheet that needs it for an older entry: the sheet of
 * 200 learners and 80 slots then copies 16 000 small images instead of decoding 16 000 drawings.
 * Null `image`: the drawing could not be read (the sheet says so in words). Derived data beside the
 * append-only entries, which stay untouched.
 */
export const attendanceSheetImages = pgTable("attendance_sheet_images", {
  entryId: uuid("entry_id")
    .primaryKey()
    .references(() => attendanceEntries.id, { onDelete: "cascade" }),
  image: bytea("image"),
});

export const attendanceSheetState = pgEnum("attendance_sheet_state", ATTENDANCE_SHEET_STATES);

/**
 * A signed sheet asked for in the console and written in the background, slot by slot: its progress
 * (`doneSlots` of `totalSlots`) shows on the session's page; once done, its PDF is kept in parts
 * (attendance_sheet_parts) for any instance to serve. Only the latest few of a session are kept.
 */
export const attendanceSheets = pgTable(
  "attendance_sheets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => formationSessions.id, { onDelete: "cascade" }),
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    state: attendanceSheetState("state").notNull().default("queued"),
    doneSlots: integer("done_slots").notNull().default(0),
    totalSlots: integer("total_slots").notNull().default(0),
    fileName: text("file_name"),
    byteSize: integer("byte_size"),
    error: text("error"),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("attendance_sheets_session_idx").on(t.sessionId, t.createdAt),
    index("attendance_sheets_state_idx").on(t.state, t.createdAt),
  ],
);

/** A finished sheet's PDF in parts of at most 1 MiB: written and read a part at a time, never whole. */
export const attendanceSheetParts = pgTable(
  "attendance_sheet_parts",
  {
    sheetId: uuid("sheet_id")
      .notNull()
      .references(() => attendanceSheets.id, { onDelete: "cascade" }),
    part: integer("part").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sheetId, t.part] })],
);

export const absenceAlertKind = pgEnum("absence_alert_kind", ABSENCE_ALERT_KINDS);

/**
 * A learner who crossed one of Paramètres' absence thresholds: written in the transaction of the mark
 * that crossed it, with the staff's e-mail queued beside it. The unique key (learner, kind, threshold)
 * makes it fire once per threshold crossed, whatever the retries, corrections or instances: a second
 * crossing of the same threshold finds the row and does nothing. `observed` is what the mark made it:
 * slots in a row, or the percent of the planned hours missed. Open until a follow-up of the learner is
 * recorded after it (absence_follow_ups).
 */
export const absenceAlerts = pgTable(
  "absence_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    learnerId: uuid("learner_id")
      .notNull()
      .references(() => learners.id, { onDelete: "cascade" }),
    kind: absenceAlertKind("kind").notNull(),
    threshold: integer("threshold").notNull(),
    observed: integer("observed").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("absence_alerts_once_idx").on(t.learnerId, t.kind, t.threshold),
    index("absence_alerts_created_idx").on(t.createdAt),
  ],
);

export const followUpKind = pgEnum("absence_follow_up_kind", FOLLOW_UP_KINDS);

/**
 * What staff did about a learner's absences (a call, a meeting, the abandon), on the day `happenedOn`,
 * kept on the learner's file with who recorded it. The note is personal data: erasing the learner
 * takes the rows, anonymising empties the notes (the trigger of this table's migration), the kind and
 * day staying for the Qualiopi counts.
 */
export const absenceFollowUps = pgTable(
  "absence_follow_ups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    learnerId: uuid("learner_id")
      .notNull()
      .references(() => learners.id, { onDelete: "cascade" }),
    kind: followUpKind("kind").notNull(),
    happenedOn: date("happened_on", { mode: "string" }).notNull(),
    note: text("note").notNull().default(""),
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("absence_follow_ups_learner_idx").on(t.learnerId, t.createdAt)],
);
