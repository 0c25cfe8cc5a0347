// Positionnement: each learner's positioning questionnaire before entry, their answers and the
// adaptation staff decide.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import { boolean, check, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "../../platform/db/columns.server";
import { users } from "../accounts/schema.server";
import { learners } from "../learners/schema.server";

/** One answer as the learner gave it, with the question as it was asked (the formation may change). */
export interface PositioningAnswer {
  key: string;
  question: string;
  answer: string;
}

/**
 * One row per learner (at most one: the admission's automatic sending inserts it with ON CONFLICT DO
 * NOTHING and only the inserter queues the e-mail). The link's token is kept as its SHA-256 only; a
 * new sending replaces it, so only the latest e-mail's link opens the questionnaire, and once
 * answered no link does. The answers may speak of a disability: they are the learner's, erased with
 * their personal data (anonymisation empties them, an erasure deletes the row). The adaptation staff
 * decide is either a text or 'Aucune adaptation nécessaire', with when and by whom.
 */
export const positionings = pgTable(
  "positionings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    learnerId: uuid("learner_id")
      .notNull()
      .unique()
      .references(() => learners.id, { onDelete: "cascade" }),
    /** The latest link's SHA-256; null before any sending, and once the answers are erased. */
    tokenHash: text("token_hash").unique(),
    /** The address the latest link went to. */
    email: text("email"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answers: jsonb("answers").$type<PositioningAnswer[]>(),
    /** The adaptation decided, in staff's words; null with 'Aucune adaptation nécessaire'. */
    adaptation: text("adaptation"),
    noAdaptation: boolean("no_adaptation").notNull().default(false),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "positionings_decision",
      sql`(${t.decidedAt} is null and ${t.adaptation} is null and not ${t.noAdaptation})
          or (${t.decidedAt} is not null and ((${t.adaptation} is not null) <> ${t.noAdaptation}))`,
    ),
  ],
);

export type Positioning = typeof positionings.$inferSelect;
