// Formateur·rice·s: the trainers register and the documents kept on each.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea, createdAt, searchText, updatedAt } from "../../platform/db/columns.server";
import { TRAINER_DOCUMENT_KINDS } from "./vocabulary";

/**
 * A person who teaches the centre's sessions (employed, freelance, a partner's). `qualification` is
 * what the agreements print beside their name (Code du travail, L. 6353-4: the diplomas, titles or
 * references of the people in charge of the training). A trainer who no longer teaches is made
 * inactive, never deleted while a slot names them: the timetable offers the active ones only.
 * A slot keeps the trainer's name beside the link (session_slots.trainer), and the database keeps it
 * equal to the register's: renaming a trainer renames their slots (trigger `trainers_rename_slots`).
 */
export const trainers = pgTable(
  "trainers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Empty for a name moved from a single word (the Paramètres lines of before). */
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull(),
    /** Lower-cased; unique when given. Optional: a trainer moved from a name alone has none. */
    email: text("email"),
    phone: text("phone"),
    /** What they teach: fields, tools, levels (free text). */
    skills: text("skills").notNull().default(""),
    /** Diplomas, titles and experience, as the agreements print them. */
    qualification: text("qualification").notNull().default(""),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("trainers_email_idx").on(sql`lower(${t.email})`),
    index("trainers_search_idx").using(
      "gin",
      sql`${searchText(t.firstName, t.lastName, t.email, t.skills)} gin_trgm_ops`,
    ),
  ],
);

export type Trainer = typeof trainers.$inferSelect;

/**
 * A document kept on a trainer (their CV, a diploma, their contract…), stored in the database as the
 * applications' files are, checked by its content when sent. `expiresOn`: the day it stops being
 * valid (a contract's end, a certification's), null when it does not expire; `warnedFor` is the
 * expiry the centre was last told about, so each document and expiry is announced once.
 */
export const trainerDocuments = pgTable(
  "trainer_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    trainerId: uuid("trainer_id")
      .notNull()
      .references(() => trainers.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: TRAINER_DOCUMENT_KINDS }).notNull(),
    label: text("label").notNull(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    content: bytea("content").notNull(),
    expiresOn: date("expires_on", { mode: "string" }),
    warnedFor: date("warned_for", { mode: "string" }),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("trainer_documents_kind", sql`${t.kind} in ('cv', 'diplome', 'contrat', 'autre')`),
    index("trainer_documents_trainer_idx").on(t.trainerId),
    index("trainer_documents_expiry_idx").on(t.expiresOn),
  ],
);

export type TrainerDocument = typeof trainerDocuments.$inferSelect;
