// A learner's documents, kept as sent.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "../../platform/db/columns.server";
import { users } from "../accounts/schema.server";
import { formationSessions } from "../catalogue/schema.server";
import { learners } from "../learners/schema.server";

/** The convocation, the convention or contrat (by who pays), the attestation de fin de formation. */
export const LEARNER_DOCUMENT_KINDS = ["convocation", "convention", "contrat", "attestation"] as const;

export const learnerDocumentKind = pgEnum("learner_document_kind", LEARNER_DOCUMENT_KINDS);

/**
 * One document as it was sent: its bytes are kept (what the learner received, even after the
 * records change), with their SHA-256. `request_key` is the click that asked for it: the same click
 * posted twice, to any instance, finds the unique index and sends nothing more. Erasing the
 * learner takes their documents (they carry their name) and, through the outbox, their e-mails.
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
  },
  (t) => [
    uniqueIndex("learner_documents_request_idx").on(t.learnerId, t.kind, t.requestKey),
    index("learner_documents_session_idx").on(t.sessionId, t.kind),
  ],
);

export type LearnerDocument = typeof learnerDocuments.$inferSelect;

export type LearnerDocumentKind = (typeof LEARNER_DOCUMENT_KINDS)[number];
