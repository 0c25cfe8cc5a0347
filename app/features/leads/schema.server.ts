// Demandes de contact and their status changes.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import { boolean, check, index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, searchText } from "../../platform/db/columns.server";
import { users } from "../accounts/schema.server";
import { CONTACT_STATUSES } from "./statuses";

export type { ContactStatus } from "./statuses";

export const contactStatus = pgEnum("contact_status", CONTACT_STATUSES);

export const contactRequests = pgTable(
  "contact_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email"),
    phone: text("phone").notNull(),
    subject: text("subject"),
    formationInterest: text("formation_interest"),
    message: text("message"),
    status: contactStatus("status").notNull().default("new"),
    source: text("source").notNull().default("contact_form"),
    callbackRequested: boolean("callback_requested").notNull().default(false),
    /** The way to meet chosen on /contact's appointment banner (téléphone, visio, sur place), if any. */
    appointmentMode: text("appointment_mode"),
    marketingConsent: boolean("marketing_consent").notNull().default(false),
    marketingConsentAt: timestamp("marketing_consent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("contact_requests_source_format", sql`${t.source} ~ '^[a-z0-9_]+$'`),
    check(
      "contact_requests_appointment_mode",
      sql`${t.appointmentMode} in ('telephone', 'visio', 'sur-place')`,
    ),
    // The console's order (newest first, id breaking ties) for its pages and the export's batches,
    // over everything and within one status.
    index("contact_requests_created_id_idx").on(t.createdAt, t.id),
    index("contact_requests_status_created_id_idx").on(t.status, t.createdAt, t.id),
    index("contact_requests_search_idx").using(
      "gin",
      sql`${searchText(t.firstName, t.lastName, t.email, t.formationInterest)} gin_trgm_ops`,
    ),
  ],
);

/**
 * Every status change of a contact request (from → to, who, when), written in the same transaction
 * as the change. Nothing before this table existed is backfilled: a request's creation is its start
 * (status 'new'), so the delay to first contact runs from created_at to its first change out of 'new'.
 */
export const contactStatusChanges = pgTable(
  "contact_status_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    contactRequestId: uuid("contact_request_id")
      .notNull()
      .references(() => contactRequests.id, { onDelete: "cascade" }),
    fromStatus: contactStatus("from_status").notNull(),
    toStatus: contactStatus("to_status").notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    createdAt: createdAt(),
  },
  (t) => [index("contact_status_changes_request_idx").on(t.contactRequestId, t.createdAt)],
);

export type ContactRequest = typeof contactRequests.$inferSelect;

export type NewContactRequest = typeof contactRequests.$inferInsert;
