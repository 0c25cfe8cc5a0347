// The slots of each session.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.server";
import { formationSessions } from "../catalogue/schema.server";
import { trainers } from "../trainers/schema.server";

/**
 * One slot of a session: a Paris day, its start and end as minutes after midnight (Paris wall-clock
 * time, so 9 h is 540 whatever the season), where (a place, or a link for a class at a distance) and
 * its trainer, picked from the register (Formateurs), with their name. A session's hours are the sum
 * of its slots. One slot per session, day and start. `trainer` is the name the calendar, the
 * convocation, the attendance sheet and the BPF print: set from the register with `trainerId`, and kept
 * equal to it by the database when the register renames them (trigger `trainers_rename_slots`); a
 * trainer who taught a slot stays in the register (foreign key, restrict).
 */
export const sessionSlots = pgTable(
  "session_slots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => formationSessions.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    startMinute: integer("start_minute").notNull(),
    endMinute: integer("end_minute").notNull(),
    place: text("place"),
    link: text("link"),
    trainerId: uuid("trainer_id").references(() => trainers.id, { onDelete: "restrict" }),
    trainer: text("trainer"),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "session_slots_times",
      sql`${t.startMinute} >= 0 and ${t.endMinute} > ${t.startMinute} and ${t.endMinute} <= 1440`,
    ),
    uniqueIndex("session_slots_session_day_start_idx").on(t.sessionId, t.day, t.startMinute),
    // Clashes are looked for among the slots of a day, across sessions.
    index("session_slots_day_idx").on(t.day),
    // A trainer's own slots (their space, the register's 'in use').
    index("session_slots_trainer_idx").on(t.trainerId),
  ],
);

export type SessionSlot = typeof sessionSlots.$inferSelect;
