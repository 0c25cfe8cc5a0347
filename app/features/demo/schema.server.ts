// Whether the demonstration centre was seeded.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import { check, integer, pgTable, timestamp } from "drizzle-orm/pg-core";

/**
 * One row once the demonstration centre has been seeded into this database: it is never seeded
 * again, so a trial whose demo data were removed does not get them back at the next start.
 */
export const demoState = pgTable(
  "demo_state",
  {
    id: integer("id").primaryKey().default(1),
    seededAt: timestamp("seeded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("demo_state_single_row", sql`${t.id} = 1`)],
);
