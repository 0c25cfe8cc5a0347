// Qualiopi: the evidence packs asked for in the console (the dossier de preuves of a period).
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.server";
import { users } from "../accounts/schema.server";
import { QUALITY_PACK_STATES } from "./vocabulary";

/**
 * An evidence pack of a period (`periodFrom`–`periodTo`, the centre's days, both included), written in
 * the background by whichever instance claims it: `leaseUntil` is the claim's end, pushed back as the
 * build goes, so that a pack left by a stopped instance is taken up again by another (a new build from
 * the start) once it has passed; `attempts` counts the claims, and a pack claimed too often fails with
 * a French message instead of being retried for ever. `doneSteps` of `totalSteps` is its progress. Once
 * done, its ZIP is the file `<id>.zip` in the packs' folder of the data directory, `byteSize` long.
 */
export const qualityPacks = pgTable(
  "quality_packs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    periodFrom: date("period_from", { mode: "string" }).notNull(),
    periodTo: date("period_to", { mode: "string" }).notNull(),
    state: text("state", { enum: QUALITY_PACK_STATES }).notNull().default("queued"),
    doneSteps: integer("done_steps").notNull().default(0),
    totalSteps: integer("total_steps").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    byteSize: bigint("byte_size", { mode: "number" }),
    error: text("error"),
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    check("quality_packs_state", sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
    check("quality_packs_period", sql`${t.periodTo} >= ${t.periodFrom}`),
    check("quality_packs_progress", sql`${t.doneSteps} >= 0 and ${t.totalSteps} >= 0`),
    index("quality_packs_state_idx").on(t.state, t.createdAt),
    index("quality_packs_created_idx").on(t.createdAt),
  ],
);

export type QualityPack = typeof qualityPacks.$inferSelect;
