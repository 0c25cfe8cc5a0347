// The mail queue's table. drizzle-kit reads this file (drizzle.config.ts); it imports no feature.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, keyOf } from "../db/columns.server";

// An outbox row belongs to the record whose erasure must take its e-mail along (a contact request, an
// application, a complaint, a learner's document or signing link): foreign keys by SQL name (keyOf),
// since platform imports no feature.

/** A file attached to an outbox message. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The bytes, base64-encoded. */
  content: string;
}

/**
 * The mail queue: a row per message, written in the same transaction as what caused it (the
 * outbox pattern), delivered by workers that claim rows with FOR UPDATE SKIP LOCKED.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body").notNull(),
    /** Where a reply goes when it is not the sender (a staff notification: the visitor's address). */
    replyTo: text("reply_to"),
    contactRequestId: uuid("contact_request_id").references(() => keyOf("contact_requests"), {
      onDelete: "cascade",
    }),
    // Erasing or purging an application takes its e-mails (they quote the candidate) with it.
    applicationId: uuid("application_id").references(() => keyOf("applications"), {
      onDelete: "cascade",
    }),
    // Erasing a complaint takes its acknowledgement and replies (they quote the author) with it.
    complaintId: uuid("complaint_id").references(() => keyOf("complaints"), { onDelete: "cascade" }),
    // A learner's document goes with its e-mail: erasing the learner takes both.
    learnerDocumentId: uuid("learner_document_id").references(() => keyOf("learner_documents"), {
      onDelete: "cascade",
    }),
    // A learner's personal signing link for a slot: one e-mail per link (the unique index below), so
    // a double click or two instances send it once; erasing the learner takes the link and its e-mail.
    attendanceLinkId: uuid("attendance_link_id").references(() => keyOf("attendance_links"), {
      onDelete: "cascade",
    }),
    /** Files sent with the message (a learner's PDF), their bytes in base64. */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
    index("mail_outbox_contact_idx").on(t.contactRequestId),
    index("mail_outbox_application_idx").on(t.applicationId),
    index("mail_outbox_complaint_idx").on(t.complaintId),
    index("mail_outbox_learner_document_idx").on(t.learnerDocumentId),
    uniqueIndex("mail_outbox_attendance_link_idx").on(t.attendanceLinkId),
    // Statistiques' e-mail chart counts the mails of a period; the outbox keeps every sent mail.
    index("mail_outbox_created_idx").on(t.createdAt),
  ],
);

export type MailRow = typeof mailOutbox.$inferSelect;
