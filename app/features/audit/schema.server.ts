// The audit log (Journal).
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, keyOf } from "../../platform/db/columns.server";

/** Who changed what and when in the console. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // The account that acted (accounts' `users`), by SQL name: accounts writes to the audit log.
    actorId: text("actor_id").references(() => keyOf("users", "text"), { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);
