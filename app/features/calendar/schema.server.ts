// The console's private iCalendar feeds.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.server";
import { users } from "../accounts/schema.server";

/** One secret iCalendar feed address per staff member; regenerating replaces the token. */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: createdAt(),
});
