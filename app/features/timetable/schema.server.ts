// The slots of each session.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.server";
import { formationSessions } from "../catalogue/schema.server";

/**
 * One slot of a session: a Paris day, its start and end as minutes after midnight (Paris wall-clock
 * time, so 9 h is 540 whatever the season), where (a place, or a link for a class at a distance) and
 * the trainer's name. A session's hours are the sum of its slots. One slot per session, day and start.
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
  ],
);

export type SessionSlot = typeof sessionSlots.$inferSelect;
