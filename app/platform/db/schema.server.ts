import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ROLES, type Role } from "../../features/accounts/permissions";
// Relative, not "~/": drizzle-kit reads this file without the app's path aliases.
import { APPLICATION_STATUSES } from "../../features/applications/status";
import { ATTENDANCE_METHODS, ATTENDANCE_STATUSES } from "../../features/attendance/vocabulary";
import { FORMATION_BPF_OBJECTIVES } from "../../features/catalogue/bpf-objective";
import { FORMATION_LEVELS } from "../../features/catalogue/levels";
import { FORMATION_PRICINGS } from "../../features/catalogue/pricing";
import type { ArchivedResult } from "../../features/catalogue/results";
import { FORMATION_BADGES, FORMATION_TYPES } from "../../features/catalogue/vocabulary";
import { COMPLAINT_STATUSES } from "../../features/complaints/statuses";
import { CONTACT_STATUSES } from "../../features/leads/statuses";
import {
  CERTIFICATION_OUTCOMES,
  LEARNER_FUNDINGS,
  LEARNER_ORIGINS,
  LEARNER_STATUSES,
  TRAINEE_CATEGORIES,
} from "../../features/learners/vocabulary";
import { VAT_STATUSES } from "../../features/settings/vat";
import { QUESTION_TYPES, QUESTIONNAIRE_KINDS, SURVEY_WAVES } from "../../features/surveys/vocabulary";

/* ------------------------------------------------------------------------------------------------
 * Authentication (better-auth). Column keys follow its model fields; tables are named by hand
 * because its CLI cannot run on Node 20.
 * --------------------------------------------------------------------------------------------- */

/**
 * What the console's search box matches: the columns joined by spaces, lower-cased and without
 * accents, so "helene" finds "Hélène". The trigram indexes below are built on this very expression
 * (the migration creates `unaccent_immutable`, unaccent pinned to its dictionary so it may be
 * indexed), and the list queries compare against it with LIKE, which those indexes serve.
 */
export function searchText(...columns: AnyPgColumn[]): SQL {
  const joined = sql.join(
    columns.map((c) => sql`coalesce(${c}, '')`),
    sql` || ' ' || `,
  );
  return sql`unaccent_immutable(lower(${joined}))`;
}

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/**
 * When a row not yet public goes public ('Programmer'), and when a public one stops being public
 * ('Dépublier le …'); null when nothing is planned. The publication scheduler clears each once done.
 */
const scheduleColumns = () => ({
  publishAt: timestamp("publish_at", { withTimezone: true }),
  unpublishAt: timestamp("unpublish_at", { withTimezone: true }),
});

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  firstName: text("first_name"),
  lastName: text("last_name"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/** better-auth's limiter keeps its counters here so that several instances share them. */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/* ------------------------------------------------------------------------------------------------
 * The centre's own data.
 * --------------------------------------------------------------------------------------------- */

// The value sets and their labels live in features/catalogue/vocabulary.ts; these enums are built from them.
export const formationType = pgEnum("formation_type", FORMATION_TYPES);
export const formationBadge = pgEnum("formation_badge", FORMATION_BADGES);
export const formationLevel = pgEnum("formation_level", FORMATION_LEVELS);
export const formationPricing = pgEnum("formation_pricing", FORMATION_PRICINGS);
export const formationBpfObjective = pgEnum("formation_bpf_objective", FORMATION_BPF_OBJECTIVES);
export const contactStatus = pgEnum("contact_status", CONTACT_STATUSES);
export const appRole = pgEnum("app_role", ROLES);

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

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    excerpt: text("excerpt"),
    content: text("content").notNull(),
    category: text("category"),
    published: boolean("published").notNull().default(false),
    featuredImage: text("featured_image"),
    /** The picture of its card, page and Open Graph preview, from the médiathèque (kept while in use). */
    imageId: uuid("image_id").references(() => media.id, { onDelete: "restrict" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Part of the demonstration centre (features/demo): removed by 'Supprimer les données de démonstration'. */
    demo: boolean("demo").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Scheduled publication ('Programmé'): see features/publishing.
    ...scheduleColumns(),
  },
  (t) => [
    check("blog_posts_slug_format", sql`${t.slug} ~ '^[a-z0-9][a-z0-9-]*$'`),
    index("blog_posts_published_created_idx").on(t.published, t.createdAt),
    index("blog_posts_publish_at_idx").on(t.publishAt),
    index("blog_posts_unpublish_at_idx").on(t.unpublishAt),
    index("blog_posts_search_idx").using("gin", sql`${searchText(t.title, t.excerpt)} gin_trgm_ops`),
  ],
);

export const contactRequests = pgTable(
  "contact_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email"),
    phone: text("phone").notNull(),
    subject: text("subject"),
    formationInterest: text("formation_interest"),
    message: text("message"),
    status: contactStatus("status").notNull().default("new"),
    source: text("source").notNull().default("contact_form"),
    callbackRequested: boolean("callback_requested").notNull().default(false),
    /** The way to meet chosen on /contact's appointment banner (téléphone, visio, sur place), if any. */
    appointmentMode: text("appointment_mode"),
    marketingConsent: boolean("marketing_consent").notNull().default(false),
    marketingConsentAt: timestamp("marketing_consent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("contact_requests_source_format", sql`${t.source} ~ '^[a-z0-9_]+$'`),
    check(
      "contact_requests_appointment_mode",
      sql`${t.appointmentMode} in ('telephone', 'visio', 'sur-place')`,
    ),
    // The console's order (newest first, id breaking ties) for its pages and the export's batches,
    // over everything and within one status.
    index("contact_requests_created_id_idx").on(t.createdAt, t.id),
    index("contact_requests_status_created_id_idx").on(t.status, t.createdAt, t.id),
    index("contact_requests_search_idx").using(
      "gin",
      sql`${searchText(t.firstName, t.lastName, t.email, t.formationInterest)} gin_trgm_ops`,
    ),
  ],
);

/**
 * Every status change of a contact request (from → to, who, when), written in the same transaction
 * as the change. Nothing before this table existed is backfilled: a request's creation is its start
 * (status 'new'), so the delay to first contact runs from created_at to its first change out of 'new'.
 */
export const contactStatusChanges = pgTable(
  "contact_status_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    contactRequestId: uuid("contact_request_id")
      .notNull()
      .references(() => contactRequests.id, { onDelete: "cascade" }),
    fromStatus: contactStatus("from_status").notNull(),
    toStatus: contactStatus("to_status").notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    createdAt: createdAt(),
  },
  (t) => [index("contact_status_changes_request_idx").on(t.contactRequestId, t.createdAt)],
);

export const testimonials = pgTable(
  "testimonials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    content: text("content").notNull(),
    company: text("company"),
    position: text("position"),
    /** The author's photo from the médiathèque (its deletion is refused while it is here). */
    imageId: uuid("image_id").references(() => media.id, { onDelete: "restrict" }),
    videoUrl: text("video_url"),
    formationId: uuid("formation_id").references(() => formations.id, { onDelete: "set null" }),
    rating: integer("rating").notNull().default(5),
    active: boolean("active").notNull().default(true),
    /** Part of the demonstration centre (features/demo): removed by 'Supprimer les données de démonstration'. */
    demo: boolean("demo").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check("testimonials_rating_range", sql`${t.rating} between 1 and 5`),
    index("testimonials_active_created_idx").on(t.active, t.createdAt),
    index("testimonials_search_idx").using(
      "gin",
      sql`${searchText(t.name, t.content, t.company)} gin_trgm_ops`,
    ),
  ],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: appRole("role").notNull(),
    createdAt: createdAt(),
  },
  // One role per user: the console reads a person's role as a single row.
  (t) => [primaryKey({ columns: [t.userId] })],
);

/** Who changed what and when in the console. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

/* ------------------------------------------------------------------------------------------------
 * Admissions: sessions with seats, applications with their files, and what staff did with them.
 * --------------------------------------------------------------------------------------------- */

export const sessionMode = pgEnum("session_mode", ["presentiel", "distance", "hybride"]);
export const applicationStatus = pgEnum("application_status", APPLICATION_STATUSES);

/** Raw bytes (PostgreSQL bytea): both drivers hand back a Uint8Array/Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/* ------------------------------------------------------------------------------------------------
 * Médiathèque: the pictures staff upload, and the variants visitors get (several widths, AVIF,
 * WebP and JPEG/PNG). The rows hold every fact; the bytes are in `content` when they live in the
 * database (PostgreSQL by default: every instance serves them, a database backup holds them), or
 * NULL when they are files (the embedded database, or MEDIA_DIR: app/features/media/store.server.ts).
 * --------------------------------------------------------------------------------------------- */

export const media = pgTable(
  "media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The first 32 hex digits of the SHA-256 of `content`: the variants' address. */
    hash: text("hash").notNull(),
    /**
     * The file as uploaded (never served as is: visitors get re-encoded variants without metadata);
     * NULL when it is kept as a file instead (see above).
     */
    content: bytea("content"),
    format: text("format").notNull(),
    /** As displayed, the EXIF orientation applied. */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    hasAlpha: boolean("has_alpha").notNull().default(false),
    size: integer("size").notNull(),
    fileName: text("file_name").notNull(),
    alt: text("alt").notNull().default(""),
    decorative: boolean("decorative").notNull().default(false),
    /** The focal point, in percent of the width and height (both or neither). */
    focalX: integer("focal_x"),
    focalY: integer("focal_y"),
    credit: text("credit"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("media_format", sql`${t.format} in ('jpeg', 'png', 'webp', 'avif')`),
    check("media_alt_or_decorative", sql`${t.decorative} or length(trim(${t.alt})) > 0`),
    check(
      "media_focal_point",
      sql`(${t.focalX} is null and ${t.focalY} is null) or (${t.focalX} between 0 and 100 and ${t.focalY} between 0 and 100)`,
    ),
    index("media_hash_idx").on(t.hash),
    index("media_created_idx").on(t.createdAt),
  ],
);

/** One width and format of a picture, made once from the original when first asked, kept for all. */
export const mediaVariants = pgTable(
  "media_variants",
  {
    hash: text("hash").notNull(),
    width: integer("width").notNull(),
    format: text("format").notNull(),
    /** NULL when the variant is kept as a file, as its original is. */
    content: bytea("content"),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.width, t.format] })],
);

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

export const applications = pgTable(
  "applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // A session with applications cannot be deleted, only closed.
    sessionId: uuid("session_id")
      .notNull()
      .references(() => formationSessions.id, { onDelete: "restrict" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    situation: text("situation").notNull(),
    financing: text("financing").notNull(),
    lastDiploma: text("last_diploma").notNull().default(""),
    motivation: text("motivation").notNull().default(""),
    accommodation: text("accommodation"),
    status: applicationStatus("status").notNull().default("received"),
    /** When the status last changed: the retention period of refused and withdrawn ones runs from it. */
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    interviewAt: timestamp("interview_at", { withTimezone: true }),
    interviewPlace: text("interview_place"),
    /** Who holds the interview: it shows in their calendar feed. */
    interviewerId: text("interviewer_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * Set when a seat freed on the session and this waiting candidate was first in line: the seat
     * is held for them (it counts as taken) until they are admitted, refused or withdraw.
     */
    seatOfferedAt: timestamp("seat_offered_at", { withTimezone: true }),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("applications_session_status_idx").on(t.sessionId, t.status),
    index("applications_created_idx").on(t.createdAt),
    index("applications_status_changed_idx").on(t.status, t.statusChangedAt),
    index("applications_interview_idx").on(t.interviewAt).where(sql`${t.interviewAt} is not null`),
    // The waiting list, in the order candidates applied: the first one gets the next freed seat.
    index("applications_waiting_idx")
      .on(t.sessionId, t.createdAt)
      .where(sql`${t.status} = 'waitlisted' and ${t.seatOfferedAt} is null`),
  ],
);

export const applicationFiles = pgTable(
  "application_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    content: bytea("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("application_files_kind", sql`${t.kind} in ('cv', 'letter')`),
    index("application_files_application_idx").on(t.applicationId),
  ],
);

/** The history of an application: creation, status changes, interviews, e-mails sent and notes. */
export const applicationEvents = pgTable(
  "application_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    fromStatus: applicationStatus("from_status"),
    toStatus: applicationStatus("to_status"),
    body: text("body"),
    createdAt: createdAt(),
  },
  (t) => [index("application_events_application_idx").on(t.applicationId, t.createdAt)],
);

/* ------------------------------------------------------------------------------------------------
 * Timetable: the slots of each session.
 * --------------------------------------------------------------------------------------------- */

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

/* ------------------------------------------------------------------------------------------------
 * Learners (stagiaires): the people following each session.
 * --------------------------------------------------------------------------------------------- */

export const learnerStatus = pgEnum("learner_status", LEARNER_STATUSES);
export const certificationOutcome = pgEnum("certification_outcome", CERTIFICATION_OUTCOMES);
export const learnerFunding = pgEnum("learner_funding", LEARNER_FUNDINGS);
export const learnerOrigin = pgEnum("learner_origin", LEARNER_ORIGINS);
export const traineeCategory = pgEnum("trainee_category", TRAINEE_CATEGORIES);

/**
 * One row per person and session. An admitted application becomes one (`application_id`, at most
 * one learner per application); staff add others by hand or by CSV. Name, e-mail and company are
 * emptied when the retention period ends (`anonymised_at`): the status and outcome stay, so a year's
 * results keep their sample. A session with learners cannot be deleted, only closed.
 */
export const learners = pgTable(
  "learners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => formationSessions.id, { onDelete: "restrict" }),
    /** The admitted application this learner came from; an erased application leaves the learner. */
    applicationId: uuid("application_id").references(() => applications.id, { onDelete: "set null" }),
    origin: learnerOrigin("origin").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    email: text("email"),
    company: text("company"),
    status: learnerStatus("status").notNull().default("enrolled"),
    /** The day of an abandon: set exactly when the status is 'dropped_out'. */
    abandonedOn: date("abandoned_on", { mode: "string" }),
    /** Where the formation leads to a certification: presented, certified, not certified; null before. */
    certification: certificationOutcome("certification"),
    /** What the learner is for the BPF (salarié·e, apprenti·e, demandeur·euse d'emploi…); null: not said yet. */
    traineeCategory: traineeCategory("trainee_category"),
    /** Who pays: the learner ('personal', a contrat de formation) or a payer (a convention); null before staff say. */
    fundingSource: learnerFunding("funding_source"),
    /** The convention's other party (company or funder), only when the learner does not pay personally. */
    payerName: text("payer_name"),
    payerAddress: text("payer_address"),
    /** 14 digits in groups ('123 456 789 00012'), or null. */
    payerSiret: text("payer_siret"),
    payerContactName: text("payer_contact_name"),
    payerContactEmail: text("payer_contact_email"),
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("learners_abandon_date", sql`(${t.status} = 'dropped_out') = (${t.abandonedOn} is not null)`),
    // A learner paying personally has no other party.
    check(
      "learners_personal_payer",
      sql`${t.fundingSource} is distinct from 'personal' or ${t.payerName} is null`,
    ),
    check(
      "learners_identity",
      sql`${t.anonymisedAt} is not null or (${t.firstName} is not null and ${t.lastName} is not null and ${t.email} is not null)`,
    ),
    uniqueIndex("learners_application_idx").on(t.applicationId).where(sql`${t.applicationId} is not null`),
    // One learner per person and session: the e-mail, compared without case.
    uniqueIndex("learners_session_email_idx")
      .on(t.sessionId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
    index("learners_session_status_idx").on(t.sessionId, t.status),
    index("learners_search_idx").using(
      "gin",
      sql`${searchText(t.firstName, t.lastName, t.email, t.company)} gin_trgm_ops`,
    ),
  ],
);

/* ------------------------------------------------------------------------------------------------
 * Documents of a learner: the PDFs generated from the records and sent by e-mail.
 * --------------------------------------------------------------------------------------------- */

/** The convocation, the convention or contrat (by who pays), the attestation de fin de formation. */
export const LEARNER_DOCUMENT_KINDS = ["convocation", "convention", "contrat", "attestation"] as const;
export const learnerDocumentKind = pgEnum("learner_document_kind", LEARNER_DOCUMENT_KINDS);

/**
 * One document as it was sent: its bytes are kept (what the learner received, even after the
 * records change), with their SHA-256. `request_key` is the click that asked for it: the same click
 * posted twice, to any instance, finds the unique index and sends nothing more. Erasing the
 * learner takes their documents (they carry their name) and, through the outbox, their e-mails.
 */
export const learnerDocuments = pgTable(
  "learner_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    learnerId: uuid("learner_id")
      .notNull()
      .references(() => learners.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => formationSessions.id, { onDelete: "cascade" }),
    kind: learnerDocumentKind("kind").notNull(),
    fileName: text("file_name").notNull(),
    pdf: bytea("pdf").notNull(),
    contentHash: text("content_hash").notNull(),
    requestKey: text("request_key").notNull(),
    /** When its e-mail was put in the outbox (null: generated, not sent). */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    sentTo: text("sent_to"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("learner_documents_request_idx").on(t.learnerId, t.kind, t.requestKey),
    index("learner_documents_session_idx").on(t.sessionId, t.kind),
  ],
);

/* ------------------------------------------------------------------------------------------------
 * Attendance (émargement): who was there at each slot, signed by the learner and countersigned by
 * the trainer. Append-only: an entry is never updated nor deleted by the application; a correction
 * is a new entry (audited), and the latest entry of a learner and a slot is what counts.
 * --------------------------------------------------------------------------------------------- */

export const attendanceStatus = pgEnum("attendance_status", ATTENDANCE_STATUSES);
export const attendanceMethod = pgEnum("attendance_method", ATTENDANCE_METHODS);

/**
 * One learner's attendance at one slot, as recorded at `recordedAt` (the server's clock) from the
 * device at `ip`. A slot that has entries cannot be deleted (restrict): the sheet is evidence.
 */
export const attendanceEntries = pgTable(
  "attendance_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The order of recording, without ties: the latest entry of a learner and a slot counts. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    slotId: uuid("slot_id")
      .notNull()
      .references(() => sessionSlots.id, { onDelete: "restrict" }),
    learnerId: uuid("learner_id")
      .notNull()
      .references(() => learners.id, { onDelete: "restrict" }),
    status: attendanceStatus("status").notNull(),
    /** Minutes missed at the start of the slot: positive exactly when the status is 'late'. */
    lateMinutes: integer("late_minutes").notNull().default(0),
    /** Why absent or late (free text, optional). */
    reason: text("reason"),
    method: attendanceMethod("method").notNull(),
    /** The drawn signature as PNG ('pad' and 'link'). */
    signature: bytea("signature"),
    /** The name typed instead of a drawing ('typed'). */
    typedName: text("typed_name"),
    /** The entry this one corrects (a staff correction), for the record. */
    correctsId: uuid("corrects_id").references((): AnyPgColumn => attendanceEntries.id, {
      onDelete: "restrict",
    }),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    /** The address of the device that sent it. */
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** The staff account that recorded it (null: the learner through a personal link). */
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("attendance_entries_late", sql`(${t.status} = 'late') = (${t.lateMinutes} > 0)`),
    check(
      "attendance_entries_signed",
      sql`(${t.method} in ('pad', 'link')) = (${t.signature} is not null) and (${t.method} = 'typed') = (${t.typedName} is not null)`,
    ),
    // One signature per learner and slot: a second tap, a retry or a second device is refused by the
    // database itself, whatever the number of instances. Staff marks and corrections are not bound.
    uniqueIndex("attendance_entries_signature_idx")
      .on(t.slotId, t.learnerId)
      .where(sql`${t.method} <> 'staff'`),
    index("attendance_entries_learner_slot_idx").on(t.learnerId, t.slotId, t.seq),
    index("attendance_entries_slot_idx").on(t.slotId),
  ],
);

/** The trainer's countersignature of a slot: once per slot, never replaced. */
export const attendanceCountersignatures = pgTable("attendance_countersignatures", {
  slotId: uuid("slot_id")
    .primaryKey()
    .references(() => sessionSlots.id, { onDelete: "restrict" }),
  trainerName: text("trainer_name").notNull(),
  signature: bytea("signature").notNull(),
  signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
  ip: text("ip"),
  userAgent: text("user_agent"),
  signedBy: text("signed_by").references(() => users.id, { onDelete: "set null" }),
});

/**
 * A learner's personal signing link for one slot. The token is derived from the id under the
 * server's secret; only its SHA-256 is kept, so a copy of the database signs nothing.
 */
export const attendanceLinks = pgTable(
  "attendance_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slotId: uuid("slot_id")
      .notNull()
      .references(() => sessionSlots.id, { onDelete: "cascade" }),
    learnerId: uuid("learner_id")
      .notNull()
      .references(() => learners.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("attendance_links_slot_learner_idx").on(t.slotId, t.learnerId)],
);

/* ------------------------------------------------------------------------------------------------
 * Surveys (enquêtes): questionnaires, the personal invitations sent to learners and others, answers.
 * --------------------------------------------------------------------------------------------- */

export const questionnaireKind = pgEnum("questionnaire_kind", QUESTIONNAIRE_KINDS);
export const surveyWave = pgEnum("survey_wave", SURVEY_WAVES);
export const questionType = pgEnum("question_type", QUESTION_TYPES);

/**
 * A questionnaire staff can edit. The ready-made 'À chaud' and 'À froid' ones come with the migration
 * (a production centre needs them from its first day); at most one questionnaire of each of those two
 * kinds, so the automatic sending knows which one to send. `editable` is false for a questionnaire
 * staff may read and send but not change.
 */
export const surveyQuestionnaires = pgTable(
  "survey_questionnaires",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    kind: questionnaireKind("kind").notNull(),
    /** A few words shown above the questions on the answering page. */
    intro: text("intro").notNull().default(""),
    editable: boolean("editable").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("survey_questionnaires_kind_idx").on(t.kind).where(sql`${t.kind} in ('a_chaud', 'a_froid')`),
  ],
);

/**
 * A questionnaire's questions in their order. `options` lists a choice's options; `employed_options`
 * the ones among them that count as 'en emploi' for the situation question. `role` marks the question
 * the published figures read: 'overall' (a note, ≥ 4 is satisfied) and 'situation' (a choice).
 */
export const surveyQuestions = pgTable(
  "survey_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    questionnaireId: uuid("questionnaire_id")
      .notNull()
      .references(() => surveyQuestionnaires.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    type: questionType("type").notNull(),
    label: text("label").notNull(),
    required: boolean("required").notNull().default(true),
    options: jsonb("options").$type<string[]>().notNull().default([]),
    employedOptions: jsonb("employed_options").$type<string[]>().notNull().default([]),
    role: text("role"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "survey_questions_role",
      sql`${t.role} is null or (${t.role} = 'overall' and ${t.type} = 'rating') or (${t.role} = 'situation' and ${t.type} = 'choice')`,
    ),
    index("survey_questions_questionnaire_idx").on(t.questionnaireId, t.position),
    uniqueIndex("survey_questions_role_idx").on(t.questionnaireId, t.role).where(sql`${t.role} is not null`),
  ],
);

/**
 * One personal link sent to one address: a learner of a session (the automatic waves and 'Envoyer
 * maintenant'), or anyone staff listed (a company, a funder). Only the SHA-256 of the link's token is
 * kept, so a copy of the database opens no survey. The session and formation are copied in when
 * known (the figures count per formation and year). The database refuses a second invitation of one
 * learner to one session's wave, and of one address to one questionnaire by hand for one session:
 * two instances sending at once insert one row, and only the inserter queues the e-mail.
 */
export const surveyInvitations = pgTable(
  "survey_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    questionnaireId: uuid("questionnaire_id")
      .notNull()
      .references(() => surveyQuestionnaires.id, { onDelete: "restrict" }),
    sessionId: uuid("session_id").references(() => formationSessions.id, { onDelete: "set null" }),
    formationId: uuid("formation_id").references(() => formations.id, { onDelete: "set null" }),
    learnerId: uuid("learner_id").references(() => learners.id, { onDelete: "set null" }),
    /** Emptied with the learner's personal data (retention, erasure); the answers stay. */
    email: text("email"),
    tokenHash: text("token_hash").notNull().unique(),
    wave: surveyWave("wave").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** The link works until then; answers can be changed until then. */
    closesAt: timestamp("closes_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("survey_invitations_learner_wave_idx")
      .on(t.sessionId, t.learnerId, t.wave)
      .where(sql`${t.learnerId} is not null and ${t.wave} <> 'manuel'`),
    uniqueIndex("survey_invitations_manual_idx")
      // A list sent without a session: coalesce, so that "no session" counts as one value.
      .on(
        t.questionnaireId,
        sql`coalesce(${t.sessionId}, '00000000-0000-0000-0000-000000000000')`,
        sql`lower(${t.email})`,
      )
      .where(sql`${t.wave} = 'manuel' and ${t.email} is not null`),
    index("survey_invitations_session_idx").on(t.sessionId, t.wave),
    index("survey_invitations_formation_idx").on(t.formationId, t.wave),
    // The reminder task's work: sent, not answered, not yet reminded.
    index("survey_invitations_reminder_idx")
      .on(t.sentAt)
      .where(sql`${t.answeredAt} is null and ${t.remindedAt} is null`),
  ],
);

/**
 * The answer of one invitation to one question: a note '1'…'5', 'oui'/'non', the option chosen, or
 * free text. A second submission through the same link replaces them all in one transaction.
 */
export const surveyAnswers = pgTable(
  "survey_answers",
  {
    invitationId: uuid("invitation_id")
      .notNull()
      .references(() => surveyInvitations.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => surveyQuestions.id, { onDelete: "cascade" }),
    value: text("value").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.invitationId, t.questionId] }),
    index("survey_answers_question_idx").on(t.questionId),
  ],
);

/**
 * The surveys' delays (Paramètres), one row (id 1) written by the migration with the defaults: the
 * à-froid survey goes `cold_delay_months` after the session's last day, the reminder
 * `reminder_delay_days` after an unanswered invitation, and a link works `open_days` days.
 */
export const surveySettings = pgTable(
  "survey_settings",
  {
    id: integer("id").primaryKey().default(1),
    coldDelayMonths: integer("cold_delay_months").notNull().default(3),
    reminderDelayDays: integer("reminder_delay_days").notNull().default(7),
    openDays: integer("open_days").notNull().default(30),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("survey_settings_single_row", sql`${t.id} = 1`),
    check("survey_settings_cold_delay", sql`${t.coldDelayMonths} between 1 and 24`),
    check("survey_settings_reminder_delay", sql`${t.reminderDelayDays} between 1 and 60`),
    check("survey_settings_open_days", sql`${t.openDays} between 7 and 365`),
  ],
);

/** One secret iCalendar feed address per staff member; regenerating replaces the token. */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: createdAt(),
});

/* ------------------------------------------------------------------------------------------------
 * Complaints (réclamations): the public form's register, handled in the console.
 * --------------------------------------------------------------------------------------------- */

export const complaintStatus = pgEnum("complaint_status", COMPLAINT_STATUSES);

/**
 * The last reference number given in each year: 'REC-2026-0007' is year 2026's seventh. The
 * increment is one upsert in the complaint's own transaction, so two instances never give the same
 * number and a rolled-back complaint gives its number back.
 */
export const complaintCounters = pgTable("complaint_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

/**
 * The register. An administrator's erasure, or the retention period 3 years after closing, empties the
 * author's name, e-mail, phone, organisation and text (`erased_at`): the reference, category, session,
 * dates, status and corrective action stay, so that the register still counts it.
 */
export const complaints = pgTable(
  "complaints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull().unique(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    email: text("email"),
    phone: text("phone"),
    /** The company, funder or school the author writes for, if any. */
    organisation: text("organisation"),
    authorType: text("author_type").notNull(),
    category: text("category").notNull(),
    /** The session concerned, when chosen from the list; kept as text too (sessionLabel). */
    sessionId: uuid("session_id").references(() => formationSessions.id, { onDelete: "set null" }),
    /** The session as it read when the complaint came ('TP Assistant RH – du 4 au 29 janv. 2027'), or the author's own words. */
    sessionLabel: text("session_label"),
    description: text("description"),
    status: complaintStatus("status").notNull().default("received"),
    /** The corrective action staff decided. */
    correctiveAction: text("corrective_action"),
    /** When it first reached 'Traitée' or 'Close': the handling delay runs from created_at to it. */
    handledAt: timestamp("handled_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** When the author's personal data were erased (by an administrator, or at the end of retention). */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "complaints_identity",
      sql`${t.erasedAt} is not null or (${t.firstName} is not null and ${t.lastName} is not null and ${t.email} is not null and ${t.description} is not null)`,
    ),
    index("complaints_created_id_idx").on(t.createdAt, t.id),
    index("complaints_status_created_idx").on(t.status, t.createdAt),
  ],
);

/** A complaint's history: status changes, replies sent to the author, corrective action decided. */
export const complaintEvents = pgTable(
  "complaint_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    complaintId: uuid("complaint_id")
      .notNull()
      .references(() => complaints.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    fromStatus: complaintStatus("from_status"),
    toStatus: complaintStatus("to_status"),
    body: text("body"),
    createdAt: createdAt(),
  },
  (t) => [
    check("complaint_events_kind", sql`${t.kind} in ('status', 'reply', 'action')`),
    index("complaint_events_complaint_idx").on(t.complaintId, t.createdAt),
  ],
);

/** A file attached to an outbox message. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The bytes, base64-encoded. */
  content: string;
}

/**
 * The mail queue: a row per message, written in the same transaction as what caused it (the
 * outbox pattern), delivered by workers that claim rows with FOR UPDATE SKIP LOCKED.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body").notNull(),
    /** Where a reply goes when it is not the sender (a staff notification: the visitor's address). */
    replyTo: text("reply_to"),
    contactRequestId: uuid("contact_request_id").references(() => contactRequests.id, {
      onDelete: "cascade",
    }),
    // Erasing or purging an application takes its e-mails (they quote the candidate) with it.
    applicationId: uuid("application_id").references(() => applications.id, {
      onDelete: "cascade",
    }),
    // Erasing a complaint takes its acknowledgement and replies (they quote the author) with it.
    complaintId: uuid("complaint_id").references(() => complaints.id, { onDelete: "cascade" }),
    // A learner's document goes with its e-mail: erasing the learner takes both.
    learnerDocumentId: uuid("learner_document_id").references((): AnyPgColumn => learnerDocuments.id, {
      onDelete: "cascade",
    }),
    // A learner's personal signing link for a slot: one e-mail per link (the unique index below), so
    // a double click or two instances send it once; erasing the learner takes the link and its e-mail.
    attendanceLinkId: uuid("attendance_link_id").references((): AnyPgColumn => attendanceLinks.id, {
      onDelete: "cascade",
    }),
    /** Files sent with the message (a learner's PDF), their bytes in base64. */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
    index("mail_outbox_contact_idx").on(t.contactRequestId),
    index("mail_outbox_application_idx").on(t.applicationId),
    index("mail_outbox_complaint_idx").on(t.complaintId),
    index("mail_outbox_learner_document_idx").on(t.learnerDocumentId),
    uniqueIndex("mail_outbox_attendance_link_idx").on(t.attendanceLinkId),
    // Statistiques' e-mail chart counts the mails of a period; the outbox keeps every sent mail.
    index("mail_outbox_created_idx").on(t.createdAt),
  ],
);

/* ------------------------------------------------------------------------------------------------
 * The centre's identity (console: Paramètres).
 * --------------------------------------------------------------------------------------------- */

/**
 * One row (id is always 1) with a typed column per setting, rather than key/value pairs: every
 * reader gets the whole identity in one read, the database checks each column's type, and a new
 * setting is a migration with its default like any other column. The certificate's bytes sit in
 * the same row but only the certificate's own route selects them.
 */
export const centreVatStatus = pgEnum("centre_vat_status", VAT_STATUSES);

export const centreSettings = pgTable(
  "centre_settings",
  {
    id: integer("id").primaryKey().default(1),
    name: text("name").notNull(),
    legalForm: text("legal_form").notNull(),
    shareCapital: text("share_capital").notNull(),
    siret: text("siret").notNull(),
    rcs: text("rcs").notNull(),
    foundedOn: date("founded_on", { mode: "string" }),
    street: text("street").notNull(),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    openingHours: jsonb("opening_hours").$type<string[]>().notNull(),
    publicationDirector: text("publication_director").notNull(),
    host: text("host").notNull(),
    activityNumber: text("activity_number").notNull(),
    activityRegion: text("activity_region").notNull(),
    qualiopiCertifier: text("qualiopi_certifier").notNull(),
    qualiopiValidUntil: date("qualiopi_valid_until", { mode: "string" }),
    qualiopiCategories: jsonb("qualiopi_categories").$type<string[]>().notNull(),
    certificateName: text("certificate_name"),
    certificateSize: integer("certificate_size"),
    certificateUploadedAt: timestamp("certificate_uploaded_at", { withTimezone: true }),
    certificateContent: bytea("certificate_content"),
    mediatorName: text("mediator_name").notNull(),
    mediatorWebsite: text("mediator_website").notNull(),
    referentName: text("referent_name").notNull(),
    referentPhone: text("referent_phone").notNull(),
    referentEmail: text("referent_email").notNull(),
    leadRecipient: text("lead_recipient").notNull(),
    /** Where new complaints (Réclamations) are announced; empty, to the lead recipient. */
    complaintRecipient: text("complaint_recipient").notNull().default(""),
    /**
     * Months a learner's identity is kept after the session's last day, then anonymised. 60 by
     * default (the reasons are in features/settings/retention.ts).
     */
    learnerRetentionMonths: integer("learner_retention_months").notNull().default(60),
    /** The centre's logo from the médiathèque: site header, e-mails, programme PDF. */
    logoId: uuid("logo_id").references(() => media.id, { onDelete: "restrict" }),
    /**
     * Below this many answers (or learners) for a year, a course page says its results are not yet
     * available instead of showing a rate computed from too few people.
     */
    minResultAnswers: integer("min_result_answers").notNull().default(5),
    /** Liable to VAT or exempt (CGI, art. 261-4-4° a): how conventions and contrats print prices. */
    vatStatus: centreVatStatus("vat_status").notNull().default("exempt"),
    /**
     * The centre's règlement intérieur (Markdown), e-mailed as a PDF with every convocation; empty
     * until staff write it. Not read with the identity: public pages never need it.
     */
    internalRules: text("internal_rules").notNull().default(""),
    internalRulesUpdatedAt: timestamp("internal_rules_updated_at", { withTimezone: true }),
    /**
     * The identity above was written from the demonstration centre's values: removing the demo data
     * empties the fields that still hold them.
     */
    demo: boolean("demo").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("centre_settings_single_row", sql`${t.id} = 1`),
    check("centre_settings_min_result_answers", sql`${t.minResultAnswers} between 1 and 1000`),
    check("centre_settings_learner_retention_months", sql`${t.learnerRetentionMonths} between 12 and 240`),
  ],
);

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

/**
 * The site's written pages (Pages in the console): one row per page once staff saved it, keyed by the
 * page's id ('notre-centre', 'cgu'…), its fields as one JSON object (Markdown or plain text per field,
 * as features/pages/definitions.ts declares them). A page without a row shows its default text. This
 * row is what visitors read: its draft and earlier versions sit beside it in content_versions.
 * `publish_at` is when the pending draft goes public ('Programmer'); a page has no 'Dépublier le',
 * since it is never taken off the site.
 */
export const sitePages = pgTable("site_pages", {
  id: text("id").primaryKey(),
  content: jsonb("content").$type<Record<string, string>>().notNull(),
  updatedAt: updatedAt(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  publishAt: scheduleColumns().publishAt,
  // Rows written before pages could wait unpublished were all public: true by default. A page of the
  // centre's own words (features/pages, `centreText`) saved as a draft before its first publication
  // sits here unpublished.
  published: boolean("published").notNull().default(true),
  // The demonstration centre's text (seeded with the demo, deleted by its removal); a staff save clears it.
  demo: boolean("demo").notNull().default(false),
});

/**
 * Drafts and published versions of the publishable records (formations, articles, pages), one table
 * for the three: the record's own row (formations, blog_posts, site_pages) stays what visitors read,
 * so every public read, the sitemap, the feeds and the Lhéo export keep reading it as they did, and
 * never see a draft. Beside it, for a record already public:
 * - at most one 'draft' row (the partial unique index): the pending changes, as a whole snapshot of
 *   the record's form (jsonb), which 'Publier' copies into the record's row;
 * - one 'published' row per publication (its snapshot as published, who, when): the 'Historique'
 *   that 'Restaurer' reads back into a draft.
 * A record never published has no draft row: its own row is the draft. `entity_id` is text, and has
 * no foreign key, because the three tables' keys differ (uuid, page id); deleting a record deletes its
 * versions in the same transaction (features/publishing/versions.server.ts).
 */
export const contentVersions = pgTable(
  "content_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The audit entity of the record: 'formation', 'blog_post', 'site_page'. */
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    /** 1, 2, 3… per record, in the order the versions were started. */
    version: integer("version").notNull(),
    state: text("state").notNull(),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept when the account goes: the history still says who. Null: the server (a scheduled publication). */
    authorEmail: text("author_email"),
    /** When the draft was last saved, or when the version was published. */
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("content_versions_state", sql`${t.state} in ('draft', 'published')`),
    uniqueIndex("content_versions_number_idx").on(t.entityType, t.entityId, t.version),
    uniqueIndex("content_versions_one_draft_idx")
      .on(t.entityType, t.entityId)
      .where(sql`${t.state} = 'draft'`),
  ],
);

export type Formation = typeof formations.$inferSelect;
export type NewFormation = typeof formations.$inferInsert;
export type BlogPost = typeof blogPosts.$inferSelect;
export type NewBlogPost = typeof blogPosts.$inferInsert;
export type ContactRequest = typeof contactRequests.$inferSelect;
export type NewContactRequest = typeof contactRequests.$inferInsert;
export type Testimonial = typeof testimonials.$inferSelect;
export type NewTestimonial = typeof testimonials.$inferInsert;
export type User = typeof users.$inferSelect;
export type { ContactStatus } from "../../features/leads/statuses";
export type { Role };
export type MailRow = typeof mailOutbox.$inferSelect;
export type FormationSession = typeof formationSessions.$inferSelect;
export type NewFormationSession = typeof formationSessions.$inferInsert;
export type Application = typeof applications.$inferSelect;
export type SessionMode = (typeof sessionMode.enumValues)[number];
export type Learner = typeof learners.$inferSelect;
export type LearnerDocument = typeof learnerDocuments.$inferSelect;
export type LearnerDocumentKind = (typeof LEARNER_DOCUMENT_KINDS)[number];
export type ApplicationStatus = (typeof applicationStatus.enumValues)[number];
export type Complaint = typeof complaints.$inferSelect;
export type SessionSlot = typeof sessionSlots.$inferSelect;
export type SurveyQuestion = typeof surveyQuestions.$inferSelect;
export type SurveyInvitation = typeof surveyInvitations.$inferSelect;
