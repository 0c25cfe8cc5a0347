// Candidatures: applications, their files and their history.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt, updatedAt } from "../../platform/db/columns.server";
import { users } from "../accounts/schema.server";
import { formationSessions } from "../catalogue/schema.server";
import { APPLICATION_STATUSES } from "./status";

export const applicationStatus = pgEnum("application_status", APPLICATION_STATUSES);

export const applications = pgTable(
  "applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // A session with applications cannot be deleted, only closed.
    sessionId: uuid("session_id")
      .notNull()
      .references(() => formationSessions.id, { onDelete: "restrict" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    situation: text("situation").notNull(),
    financing: text("financing").notNull(),
    lastDiploma: text("last_diploma").notNull().default(""),
    motivation: text("motivation").notNull().default(""),
    accommodation: text("accommodation"),
    status: applicationStatus("status").notNull().default("received"),
    /** When the status last changed: the retention period of refused and withdrawn ones runs from it. */
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    interviewAt: timestamp("interview_at", { withTimezone: true }),
    interviewPlace: text("interview_place"),
    /** Who holds the interview: it shows in their calendar feed. */
    interviewerId: text("interviewer_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * Set when a seat freed on the session and this waiting candidate was first in line: the seat
     * is held for them (it counts as taken) until they are admitted, refused or withdraw.
     */
    seatOfferedAt: timestamp("seat_offered_at", { withTimezone: true }),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("applications_session_status_idx").on(t.sessionId, t.status),
    index("applications_created_idx").on(t.createdAt),
    index("applications_status_changed_idx").on(t.status, t.statusChangedAt),
    index("applications_interview_idx").on(t.interviewAt).where(sql`${t.interviewAt} is not null`),
    // The waiting list, in the order candidates applied: the first one gets the next freed seat.
    index("applications_waiting_idx")
      .on(t.sessionId, t.createdAt)
      .where(sql`${t.status} = 'waitlisted' and ${t.seatOfferedAt} is null`),
  ],
);

export const applicationFiles = pgTable(
  "application_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    content: bytea("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("application_files_kind", sql`${t.kind} in ('cv', 'letter')`),
    index("application_files_application_idx").on(t.applicationId),
  ],
);

/** The history of an application: creation, status changes, interviews, e-mails sent and notes. */
export const applicationEvents = pgTable(
  "application_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    fromStatus: applicationStatus("from_status"),
    toStatus: applicationStatus("to_status"),
    body: text("body"),
    createdAt: createdAt(),
  },
  (t) => [index("application_events_application_idx").on(t.applicationId, t.createdAt)],
);

export type Application = typeof applications.$inferSelect;

export type ApplicationStatus = (typeof applicationStatus.enumValues)[number];
