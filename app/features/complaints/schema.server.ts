// Réclamations: the register, its yearly counters and each complaint's history.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "../../platform/db/columns.server";
import { users } from "../accounts/schema.server";
import { formationSessions } from "../catalogue/schema.server";
import { learners } from "../learners/schema.server";
import { COMPLAINT_CHANNELS, COMPLAINT_STATUSES } from "./statuses";

export const complaintStatus = pgEnum("complaint_status", COMPLAINT_STATUSES);

export const complaintChannel = pgEnum("complaint_channel", COMPLAINT_CHANNELS);

/**
 * The last reference number given in each year: 'REC-2026-0007' is year 2026's seventh. The
 * increment is one upsert in the complaint's own transaction, so two instances never give the same
 * number and a rolled-back complaint gives its number back.
 */
export const complaintCounters = pgTable("complaint_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

/**
 * The register. An administrator's erasure, or the retention period 3 years after closing, empties the
 * author's name, e-mail, phone, organisation and text (`erased_at`): the reference, category, session,
 * dates, status and corrective action stay, so that the register still counts it.
 */
export const complaints = pgTable(
  "complaints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull().unique(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    email: text("email"),
    phone: text("phone"),
    /** The company, funder or school the author writes for, if any. */
    organisation: text("organisation"),
    authorType: text("author_type").notNull(),
    category: text("category").notNull(),
    /** The session concerned, when chosen from the list; kept as text too (sessionLabel). */
    sessionId: uuid("session_id").references(() => formationSessions.id, { onDelete: "set null" }),
    /** The session as it read when the complaint came ('TP Assistant RH – du 4 au 29 janv. 2027'), or the author's own words. */
    sessionLabel: text("session_label"),
    /**
     * The learner who wrote it from their personal space (their file, so the register knows whose
     * session it was); null from the public form, once the learner is erased, or once the complaint's
     * personal data are.
     */
    learnerId: uuid("learner_id").references(() => learners.id, { onDelete: "set null" }),
    /** Where it was written (statuses.ts): kept after the author's data are erased. */
    channel: complaintChannel("channel").notNull().default("site"),
    description: text("description"),
    status: complaintStatus("status").notNull().default("received"),
    /** The corrective action staff decided. */
    correctiveAction: text("corrective_action"),
    /** When it first reached 'Traitée' or 'Close': the handling delay runs from created_at to it. */
    handledAt: timestamp("handled_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** When the author's personal data were erased (by an administrator, or at the end of retention). */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "complaints_identity",
      sql`${t.erasedAt} is not null or (${t.firstName} is not null and ${t.lastName} is not null and ${t.email} is not null and ${t.description} is not null)`,
    ),
    index("complaints_created_id_idx").on(t.createdAt, t.id),
    index("complaints_status_created_idx").on(t.status, t.createdAt),
    index("complaints_learner_idx").on(t.learnerId),
  ],
);

/** A complaint's history: status changes, replies sent to the author, corrective action decided. */
export const complaintEvents = pgTable(
  "complaint_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    complaintId: uuid("complaint_id")
      .notNull()
      .references(() => complaints.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    fromStatus: complaintStatus("from_status"),
    toStatus: complaintStatus("to_status"),
    body: text("body"),
    createdAt: createdAt(),
  },
  (t) => [
    check("complaint_events_kind", sql`${t.kind} in ('status', 'reply', 'action')`),
    index("complaint_events_complaint_idx").on(t.complaintId, t.createdAt),
  ],
);

export type Complaint = typeof complaints.$inferSelect;
