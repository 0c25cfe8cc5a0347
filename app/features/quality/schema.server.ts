// Qualiopi: the evidence packs asked for in the console (the dossier de preuves of a period), the
// answers the board cannot derive, the improvement register, the watch register and the disability
// partners' directory.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "../../platform/db/columns.server";
import { users } from "../accounts/schema.server";
import { formationSessions, formations } from "../catalogue/schema.server";
import { complaints } from "../complaints/schema.server";
import {
  IMPROVEMENT_ORIGINS,
  IMPROVEMENT_STATES,
  PARTNER_KINDS,
  QUALITY_PACK_STATES,
  WATCH_KINDS,
} from "./vocabulary";

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * One row (id is always 1): what the centre says of itself that the product cannot tell from its
 * records. `certifying` null: derived from the catalogue (a formation leading to a certification);
 * apprenticeship is Paramètres' category 'Actions de formation par apprentissage'. The satisfaction
 * threshold below which the improvement register offers an action on a formation, and the delay the
 * centre gives itself to answer a complaint.
 */
export const qualitySettings = pgTable(
  "quality_settings",
  {
    id: integer("id").primaryKey().default(1),
    certifying: boolean("certifying"),
    alternance: boolean("alternance").notNull().default(false),
    subcontracting: boolean("subcontracting").notNull().default(false),
    satisfactionThreshold: integer("satisfaction_threshold").notNull().default(80),
    /** The days within which the centre answers a complaint (its own commitment; indicator 31). */
    complaintDelayDays: integer("complaint_delay_days").notNull().default(30),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("quality_settings_single_row", sql`${t.id} = 1`),
    check("quality_settings_threshold", sql`${t.satisfactionThreshold} between 1 and 100`),
    check("quality_settings_complaint_delay", sql`${t.complaintDelayDays} between 1 and 365`),
  ],
);

/**
 * The improvement register (indicator 32): an action, where it comes from (a complaint, a formation's
 * satisfaction under the threshold or its absences, an audit's finding, the team's idea) and the
 * record it answers, who carries it and by when, its state and what it gave. `doneAt`: when it was
 * marked 'Réalisée' (the board counts the last 12 months).
 */
export const improvementActions = pgTable(
  "improvement_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    origin: text("origin", { enum: IMPROVEMENT_ORIGINS }).notNull(),
    complaintId: uuid("complaint_id").references(() => complaints.id, { onDelete: "set null" }),
    formationId: uuid("formation_id").references(() => formations.id, { onDelete: "set null" }),
    sessionId: uuid("session_id").references(() => formationSessions.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    dueOn: date("due_on", { mode: "string" }),
    state: text("state", { enum: IMPROVEMENT_STATES }).notNull().default("proposed"),
    result: text("result").notNull().default(""),
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("improvement_actions_origin", sql`${t.origin} in (${inList(IMPROVEMENT_ORIGINS)})`),
    check("improvement_actions_state", sql`${t.state} in (${inList(IMPROVEMENT_STATES)})`),
    index("improvement_actions_complaint_idx").on(t.complaintId),
    index("improvement_actions_formation_idx").on(t.formationId),
    index("improvement_actions_done_idx").on(t.doneAt),
  ],
);

export type ImprovementAction = typeof improvementActions.$inferSelect;

/** The watch register (indicators 23 to 25): what the centre read, where, and what it changes for it. */
export const watchEntries = pgTable(
  "watch_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seenOn: date("seen_on", { mode: "string" }).notNull(),
    kind: text("kind", { enum: WATCH_KINDS }).notNull(),
    source: text("source").notNull(),
    summary: text("summary").notNull(),
    impact: text("impact").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("watch_entries_kind", sql`${t.kind} in (${inList(WATCH_KINDS)})`),
    index("watch_entries_seen_idx").on(t.kind, t.seenOn),
  ],
);

export type WatchEntry = typeof watchEntries.$inferSelect;

/** The disability partners' directory (indicator 26): who, what kind, how to reach them, what for. */
export const disabilityPartners = pgTable(
  "disability_partners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    kind: text("kind", { enum: PARTNER_KINDS }).notNull(),
    contact: text("contact").notNull().default(""),
    purpose: text("purpose").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("disability_partners_kind", sql`${t.kind} in (${inList(PARTNER_KINDS)})`)],
);

export type DisabilityPartner = typeof disabilityPartners.$inferSelect;

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
