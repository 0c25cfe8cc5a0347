// Formations, their aliases and their sessions.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, searchText, updatedAt } from "../../platform/db/columns.server";
import { media } from "../media/schema.server";
import { scheduleColumns } from "../publishing/schema.server";
import { FORMATION_BPF_OBJECTIVES } from "./bpf-objective";
import { FORMATION_LEVELS } from "./levels";
import { FORMATION_PRICINGS } from "./pricing";
import type { ArchivedResult } from "./results";
import { FORMATION_BADGES, FORMATION_TYPES } from "./vocabulary";

// The value sets and their labels live in features/catalogue/vocabulary.ts; these enums are built from them.
export const formationType = pgEnum("formation_type", FORMATION_TYPES);

export const formationBadge = pgEnum("formation_badge", FORMATION_BADGES);

export const formationLevel = pgEnum("formation_level", FORMATION_LEVELS);

export const formationPricing = pgEnum("formation_pricing", FORMATION_PRICINGS);

export const formationBpfObjective = pgEnum("formation_bpf_objective", FORMATION_BPF_OBJECTIVES);

export interface ProgramModule {
  title: string;
  /** Free text as staff type it, e.g. "120h". */
  duration: string;
  /** One item per line. */
  content: string;
}

export const formations = pgTable(
  "formations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    formationType: formationType("formation_type").notNull().default("alternance"),
    description: text("description").notNull().default(""),
    longDescription: text("long_description"),
    content: text("content"),
    duration: text("duration").notNull().default(""),
    /** The level required to enter ('Niveau requis'); null for a record saved before levels were a list. */
    entryLevel: formationLevel("entry_level"),
    /** The level the course leads to ('Niveau de sortie'); null when it leads to none. */
    exitLevel: formationLevel("exit_level"),
    /** Used when `pricing` is 'payant' (and shown as the cost covered with 'prise-en-charge'). */
    price: numeric("price", { precision: 10, scale: 2, mode: "number" }).notNull().default(0),
    /** What the learner pays, as staff chose it; null for a free-of-charge record nobody qualified. */
    pricing: formationPricing("pricing"),
    rncpCode: text("rncp_code"),
    // Derived from `funding` on every save (a formation naming a funder is 'finançable').
    financingEligible: boolean("financing_eligible").notNull().default(false),
    active: boolean("active").notNull().default(true),
    badge: formationBadge("badge"),
    objectives: text("objectives").array().notNull().default(sql`'{}'::text[]`),
    program: jsonb("program").$type<ProgramModule[]>().notNull().default([]),
    skills: text("skills").array().notNull().default(sql`'{}'::text[]`),
    prerequisites: text("prerequisites"),
    certification: text("certification"),
    salaryRange: text("salary_range"),
    nextSessions: text("next_sessions").array().notNull().default(sql`'{}'::text[]`),
    location: text("location"),
    format: text("format"),
    contactPhone: text("contact_phone"),
    contactEmail: text("contact_email"),
    careerOpportunities: text("career_opportunities").array().notNull().default(sql`'{}'::text[]`),
    // Catalogue fields.
    /** Funding routes shown as badges: CPF, Alternance, France Travail, Région, OPCO, Autofinancement. */
    funding: text("funding").array().notNull().default(sql`'{}'::text[]`),
    /** Third info tile on the course page (diploma, sector…); level is used when empty. */
    sector: text("sector"),
    imageUrl: text("image_url"),
    /** The picture of its card and page header, from the médiathèque (kept while in use). */
    imageId: uuid("image_id").references(() => media.id, { onDelete: "restrict" }),
    // Information a French training organisation must publish (Qualiopi, indicator 1 and 2).
    accessDelay: text("access_delay"),
    teachingMethods: text("teaching_methods"),
    assessmentMethods: text("assessment_methods"),
    accessibility: text("accessibility"),
    /** How one gets in: application, interview, placement test, contract (indicator 1). */
    accessArrangements: text("access_arrangements"),
    /** Prices in words beside the main price: per hour, company rate, what funders pay (indicator 1). */
    priceDetails: text("price_details"),
    /** The person to contact about this course (name and role), beside the phone and e-mail. */
    contactName: text("contact_name"),
    // A certifying course also publishes its certification (Qualiopi indicator 3). Its code (RNCP or
    // RS, in `rncpCode`) links to the public record on France Compétences.
    /** The course leads to a certification registered with France Compétences. */
    certifying: boolean("certifying").notNull().default(false),
    certifier: text("certifier"),
    /** Date the certification was registered in its register (RNCP or RS). */
    certificationRegisteredOn: date("certification_registered_on", { mode: "string" }),
    /** The certification's skill blocks, one per item ("RNCP35030BC01 — …"). */
    skillBlocks: text("skill_blocks").array().notNull().default(sql`'{}'::text[]`),
    equivalences: text("equivalences"),
    /** Further paths after the certification (suites de parcours). */
    furtherPaths: text("further_paths"),
    /**
     * Archived results: rates typed by staff for years before the centre used the site, each with its
     * year, sample size and source. Current rates are never typed: they are computed from learners
     * and survey answers (features/indicators).
     */
    results: jsonb("results").$type<ArchivedResult[]>().notNull().default([]),
    /** Staff-set order in every public list (footer, goal picker, catalogue, forms): lowest first. */
    position: integer("position").notNull().default(0),
    /** The home page goals this formation serves (ids of app/features/catalogue/goals.ts). */
    goals: text("goals").array().notNull().default(sql`'{}'::text[]`),
    // What the Lhéo export needs besides the above (app/features/catalogue/lheo/): codes of
    // lheo-2.3.xsd's tables, checked by the formation form.
    /** Formacode codes of the course's subject (5 digits, up to 5). */
    formacodes: text("formacodes").array().notNull().default(sql`'{}'::text[]`),
    /** NSF specialty codes (3 digits, up to 3). */
    nsfCodes: text("nsf_codes").array().notNull().default(sql`'{}'::text[]`),
    /** ROME job codes (a letter and 4 digits, up to 5). */
    romeCodes: text("rome_codes").array().notNull().default(sql`'{}'::text[]`),
    /** code-public-vise: Formacode codes of the public the course is meant for (up to 10). */
    targetPublics: text("target_publics").array().notNull().default(sql`'{}'::text[]`),
    /** code-financeur: who may pay for it (up to 8). */
    lheoFunders: text("lheo_funders").array().notNull().default(sql`'{}'::text[]`),
    /** parcours-de-formation: 1 in a group, 2 individual, 3 modular, 4 mixed. */
    pathType: text("path_type"),
    /** modalites-entrees-sorties: 0 on fixed dates, 1 permanent. */
    entryMode: text("entry_mode"),
    /** objectif-general-formation. */
    generalObjective: text("general_objective"),
    /** The BPF's objective where the certification cannot tell it (features/catalogue/bpf-objective.ts). */
    bpfObjective: formationBpfObjective("bpf_objective"),
    /** Part of the demonstration centre (features/demo): removed by 'Supprimer les données de démonstration'. */
    demo: boolean("demo").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Scheduled publication ('Programmé', `active` is the formation's 'Publié'): see features/publishing.
    ...scheduleColumns(),
  },
  (t) => [
    index("formations_publish_at_idx").on(t.publishAt),
    index("formations_unpublish_at_idx").on(t.unpublishAt),
    check("formations_price_non_negative", sql`${t.price} >= 0`),
    // 'Gratuit' has no price; 'Payant' has one.
    check(
      "formations_pricing_price",
      sql`${t.pricing} is null or (${t.pricing} = 'gratuit') = (${t.price} = 0) or ${t.pricing} = 'prise-en-charge'`,
    ),
    check("formations_slug_format", sql`${t.slug} ~ '^[a-z0-9][a-z0-9-]*$'`),
    index("formations_active_created_idx").on(t.active, t.createdAt),
    index("formations_active_position_idx").on(t.active, t.position),
    index("formations_search_idx").using("gin", sql`${searchText(t.title, t.description)} gin_trgm_ops`),
  ],
);

/** Other slugs that answer 301 to a formation's canonical page (the footer's short slugs). */
export const formationAliases = pgTable("formation_aliases", {
  alias: text("alias").primaryKey(),
  formationId: uuid("formation_id")
    .notNull()
    .references(() => formations.id, { onDelete: "cascade" }),
});

export const sessionMode = pgEnum("session_mode", ["presentiel", "distance", "hybride"]);

export const formationSessions = pgTable(
  "formation_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formationId: uuid("formation_id")
      .notNull()
      .references(() => formations.id, { onDelete: "cascade" }),
    /** Calendar dates (no time zone): the centre's days. */
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    mode: sessionMode("mode").notNull().default("presentiel"),
    /** An address, or 'En ligne'. */
    place: text("place").notNull().default(""),
    /** Free text, e.g. '2 jours en centre / 3 jours en entreprise'. */
    rhythm: text("rhythm"),
    seats: integer("seats").notNull(),
    /** Last day applications are taken; the start date when unset. */
    applicationDeadline: date("application_deadline", { mode: "string" }),
    /** The manual 'Clôturer' switch. */
    closed: boolean("closed").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("formation_sessions_dates", sql`${t.endDate} >= ${t.startDate}`),
    check("formation_sessions_seats", sql`${t.seats} between 1 and 1000`),
    index("formation_sessions_formation_start_idx").on(t.formationId, t.startDate),
    index("formation_sessions_start_idx").on(t.startDate),
  ],
);

export type Formation = typeof formations.$inferSelect;

export type NewFormation = typeof formations.$inferInsert;

export type FormationSession = typeof formationSessions.$inferSelect;

export type NewFormationSession = typeof formationSessions.$inferInsert;

export type SessionMode = (typeof sessionMode.enumValues)[number];
