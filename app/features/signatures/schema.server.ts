// Signature requests (demandes de signature): a learner's convention or contrat signed online, with the
// evidence of each signature. drizzle-kit reads this file (drizzle.config.ts): it imports tables,
// value lists and column helpers only.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea, createdAt, updatedAt } from "../../platform/db/columns.server";
import { learnerDocuments } from "../documents/schema.server";

/** En cours (waiting for signatures), signée (every signer signed: frozen), annulée (by staff). */
export const SIGNATURE_REQUEST_STATES = ["pending", "signed", "cancelled"] as const;
export const signatureRequestState = pgEnum("signature_request_state", SIGNATURE_REQUEST_STATES);

/** Who signs: the learner (a contrat), the company or payer's contact (a convention), the centre. */
export const SIGNER_ROLES = ["learner", "company", "centre"] as const;
export const signerRole = pgEnum("signer_role", SIGNER_ROLES);

/**
 * One demande de signature of one kept document: the exact PDF presented is frozen here with its
 * SHA-256, so that what every signer sees is that file; once each signer signed, the signed PDF
 * (the frozen one with the evidence page appended by an incremental update: its first bytes are the
 * frozen file's) is kept with its own SHA-256, and the request no longer changes (a trigger refuses it).
 * Erasing the learner takes their documents, and these with them.
 */
export const signatureRequests = pgTable(
  "signature_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    documentId: uuid("document_id")
      .notNull()
      .references(() => learnerDocuments.id, { onDelete: "cascade" }),
    /** The PDF presented for signature, as it was when asked for, and its SHA-256 (hex). */
    frozenPdf: bytea("frozen_pdf").notNull(),
    documentSha256: text("document_sha256").notNull(),
    fileName: text("file_name").notNull(),
    state: signatureRequestState("state").notNull().default("pending"),
    // Accounts by id without a foreign key: the evidence outlives an account deleted (a key's 'set
    // null' would be an update, which the trigger refuses once signed).
    createdBy: text("created_by"),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** The signed PDF (frozen PDF + evidence page) and its SHA-256, once every signer signed. */
    signedPdf: bytea("signed_pdf"),
    signedSha256: text("signed_sha256"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by"),
  },
  (t) => [
    index("signature_requests_document_idx").on(t.documentId),
    // One live request per PDF: the rows of one convention's sending share its bytes.
    uniqueIndex("signature_requests_live_idx").on(t.documentSha256).where(sql`${t.state} <> 'cancelled'`),
    check(
      "signature_requests_signed_file",
      sql`(${t.state} = 'signed') = (${t.signedPdf} is not null and ${t.signedSha256} is not null and ${t.completedAt} is not null)`,
    ),
    check("signature_requests_cancelled", sql`(${t.state} = 'cancelled') = (${t.cancelledAt} is not null)`),
  ],
);

/**
 * One signer of a request, and once signed, the evidence of the signature: the signed-in account, its
 * verified e-mail, the date and time, the IP address and browser, and the SHA-256 of the PDF shown
 * (recomputed by the server from the frozen file). A signed row no longer changes (a trigger refuses it).
 * The centre's signer has no e-mail until a staff member signs for it in the console.
 */
export const signatureSigners = pgTable(
  "signature_signers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => signatureRequests.id, { onDelete: "cascade" }),
    role: signerRole("role").notNull(),
    name: text("name").notNull(),
    /** Where the link goes; the signed-in account's verified e-mail must equal it (any case). */
    email: text("email"),
    position: integer("position").notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    /** The account that signed (kept as evidence even if it is later deleted: no foreign key). */
    userId: text("user_id"),
    verifiedEmail: text("verified_email"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    documentSha256: text("document_sha256"),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("signature_signers_role_idx").on(t.requestId, t.role),
    index("signature_signers_email_idx").on(sql`lower(${t.email})`),
    check("signature_signers_email", sql`${t.role} = 'centre' or ${t.email} is not null`),
    check(
      "signature_signers_evidence",
      sql`${t.signedAt} is null or (${t.verifiedEmail} is not null and ${t.documentSha256} is not null)`,
    ),
  ],
);

/** Paramètres › Signatures: after how many days an unsigned signer is reminded (once). One row. */
export const signatureSettings = pgTable(
  "signature_settings",
  {
    id: integer("id").primaryKey().default(1),
    reminderDays: integer("reminder_days").notNull().default(7),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("signature_settings_single_row", sql`${t.id} = 1`),
    check("signature_settings_reminder_days", sql`${t.reminderDays} between 1 and 60`),
  ],
);

export type SignatureRequest = typeof signatureRequests.$inferSelect;
export type SignatureSigner = typeof signatureSigners.$inferSelect;
export type SignatureRequestState = (typeof SIGNATURE_REQUEST_STATES)[number];
export type SignerRole = (typeof SIGNER_ROLES)[number];
