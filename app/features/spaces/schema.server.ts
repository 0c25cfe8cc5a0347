// Personal spaces ('espace personnel'): who may enter which space.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "../../platform/db/columns.server";
import { users } from "../accounts/schema.server";
import { payers } from "../billing/schema.server";
import { learners } from "../learners/schema.server";
import { trainers } from "../trainers/schema.server";

/**
 * One row per person (an account of `users`, the same table as the staff's, without a role) and
 * what their space shows: a learner's file (`learner_id`), a payer's, as its company contact
 * (`payer_id`), or a trainer's register entry (`trainer_id`). Exactly one target per row (`space_members_one_target`); a person holds several rows
 * (a trainer who is also a learner, a learner of two sessions). Another kind of space is one more
 * nullable column, named in the check's `num_nonnulls` and given its own unique index.
 * Erasing the learner, the payer or the trainer takes the membership; the account stays (it may
 * hold others).
 */
export const spaceMembers = pgTable(
  "space_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    learnerId: uuid("learner_id").references(() => learners.id, { onDelete: "cascade" }),
    payerId: uuid("payer_id").references(() => payers.id, { onDelete: "cascade" }),
    trainerId: uuid("trainer_id").references(() => trainers.id, { onDelete: "cascade" }),
    /** The last invitation sent ('Renvoyer l'invitation' moves it). */
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull().defaultNow(),
    /** The staff member who sent it; null: the server (an admission) or an erased account. */
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("space_members_one_target", sql`num_nonnulls(${t.learnerId}, ${t.payerId}, ${t.trainerId}) = 1`),
    uniqueIndex("space_members_learner_idx").on(t.userId, t.learnerId).where(sql`${t.learnerId} is not null`),
    uniqueIndex("space_members_payer_idx").on(t.userId, t.payerId).where(sql`${t.payerId} is not null`),
    uniqueIndex("space_members_trainer_idx").on(t.userId, t.trainerId).where(sql`${t.trainerId} is not null`),
    index("space_members_learner_id_idx").on(t.learnerId),
    index("space_members_payer_id_idx").on(t.payerId),
    index("space_members_trainer_id_idx").on(t.trainerId),
  ],
);

export type SpaceMember = typeof spaceMembers.$inferSelect;

/**
 * A document the centre asks a learner for ('Demander un document' in Stagiaires: a copy of an ID, a
 * diploma, a certificate of employment…), and the file the learner sent from their space. The file is
 * stored as an application's files are (in the database) and checked as the CV is (type read from its
 * bytes, one size limit). Erasing the learner takes the rows; anonymising them deletes the rows too
 * (the trigger of the migration `learner_requested_documents`), since a received file names them.
 */
export const requestedDocuments = pgTable(
  "requested_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    learnerId: uuid("learner_id")
      .notNull()
      .references(() => learners.id, { onDelete: "cascade" }),
    /** What is asked, in staff's words ('Copie de la carte d'identité'). */
    label: text("label").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    /** Who asked; null once their account is gone. */
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name"),
    mimeType: text("mime_type"),
    size: integer("size"),
    content: bytea("content"),
    receivedAt: timestamp("received_at", { withTimezone: true }),
  },
  (t) => [
    // Received means every field of the file is there; awaited, none.
    check(
      "requested_documents_file",
      sql`num_nonnulls(${t.fileName}, ${t.mimeType}, ${t.size}, ${t.content}, ${t.receivedAt}) in (0, 5)`,
    ),
    index("requested_documents_learner_idx").on(t.learnerId, t.requestedAt),
  ],
);

export type RequestedDocument = typeof requestedDocuments.$inferSelect;
