// Personal spaces ('espace personnel'): who may enter which space.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.server";
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
