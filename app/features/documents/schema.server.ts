// A learner's documents, kept as sent.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import { check, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "../../platform/db/columns.server";
import { users } from "../accounts/schema.server";
import { formationSessions } from "../catalogue/schema.server";
import { learners } from "../learners/schema.server";

/**
 * The convocation, the convention or contrat (by who pays), the attestation de fin de formation and
 * the certificat de réalisation (what a funder asks to pay for the hours carried out).
 */
export const LEARNER_DOCUMENT_KINDS = [
  "convocation",
  "convention",
  "contrat",
  "attestation",
  "certificate",
] as const;

export const learnerDocumentKind = pgEnum("learner_document_kind", LEARNER_DOCUMENT_KINDS);

/** The kinds the other party signs and returns: their signed copy is received on the learner's file. */
export const SIGNED_KINDS = ["convention", "contrat"] as const;

/** What a signed copy may be, judged by its content: a scanned PDF or a photo. */
export const SIGNED_COPY_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;

/** A list of constants as SQL ('a', 'b'): the checks below name the same values as the code. */
const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * One document as it was sent: its bytes are kept (what the learner received, even after the
 * records change), with their SHA-256. `request_key` is the click that asked for it: the same click
 * posted twice, to any instance, finds the unique index and sends nothing more. A convention covers
 * every learner its payer sends to the session: one sending keeps one row per learner, with the same
 * key and bytes. Its life goes on here: the signed copy received (a scan, kept on each row of the
 * sending), then archived. Erasing the learner takes their documents and copies (they carry their
 * name) and, through the outbox, their e-mails.
 */
export const learnerDocuments = pgTable(
  "learner_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    learnerId: uuid("learner_id")
      .notNull()
      .references(() => learners.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => formationSessions.id, { onDelete: "cascade" }),
    kind: learnerDocumentKind("kind").notNull(),
    fileName: text("file_name").notNull(),
    pdf: bytea("pdf").notNull(),
    contentHash: text("content_hash").notNull(),
    requestKey: text("request_key").notNull(),
    /** When its e-mail was put in the outbox (null: generated, not sent). */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    sentTo: text("sent_to"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** When the copy signed by the other party was received (a convention or a contrat only). */
    signedAt: timestamp("signed_at", { withTimezone: true }),
    signedBy: text("signed_by").references(() => users.id, { onDelete: "set null" }),
    /** The signed copy as received: its bytes, the type its content shows, a safe file name. */
    signedFile: bytea("signed_file"),
    signedFileName: text("signed_file_name"),
    signedContentType: text("signed_content_type"),
    /** Filed away: its life is over (signed, or sent when nothing comes back). */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    archivedBy: text("archived_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("learner_documents_request_idx").on(t.learnerId, t.kind, t.requestKey),
    index("learner_documents_session_idx").on(t.sessionId, t.kind),
    // A signed copy comes with its file, its name and a type among the accepted ones, on an agreement.
    check(
      "learner_documents_signed_copy",
      sql`(${t.signedAt} is null and ${t.signedFile} is null and ${t.signedFileName} is null and ${t.signedContentType} is null)
        or (${t.signedAt} is not null and ${t.signedFile} is not null and ${t.signedFileName} is not null
          and ${t.signedContentType} in (${sqlList(SIGNED_COPY_TYPES)})
          and ${t.kind} in (${sqlList(SIGNED_KINDS)}))`,
    ),
    // Only a document that left can be filed away.
    check("learner_documents_archived_sent", sql`${t.archivedAt} is null or ${t.sentAt} is not null`),
  ],
);

export type LearnerDocument = typeof learnerDocuments.$inferSelect;

export type LearnerDocumentKind = (typeof LEARNER_DOCUMENT_KINDS)[number];
