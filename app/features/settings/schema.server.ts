// Paramètres: the centre's identity, one row.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea, updatedAt } from "../../platform/db/columns.server";
import { media } from "../media/schema.server";
import { VAT_STATUSES } from "./vat";

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
    /**
     * Who signs the centre's documents (conventions, contrats, attestations, certificats de
     * réalisation): their name and title, printed under the signature line; empty, the documents
     * leave the block blank for a hand to fill, never a name of our own.
     */
    signatoryName: text("signatory_name").notNull().default(""),
    signatoryTitle: text("signatory_title").notNull().default(""),
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
     * How many minutes before each slot's start the learners receive their personal signing link by
     * e-mail, sent by the server itself; null (the default): not sent by itself, staff send them from
     * the slot's page. Off until a centre turns it on: an upgrade must not start e-mailing learners.
     */
    attendanceLinkMinutes: integer("attendance_link_minutes"),
    /**
     * Absences in a row (slots) that alert staff about a learner, and the share of the session's
     * planned hours missed (percent) that does; 0 turns that alert off.
     */
    absenceAlertSlots: integer("absence_alert_slots").notNull().default(2),
    absenceAlertPercent: integer("absence_alert_percent").notNull().default(10),
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
    check("centre_settings_attendance_link_minutes", sql`${t.attendanceLinkMinutes} between 5 and 720`),
    check("centre_settings_absence_alert_slots", sql`${t.absenceAlertSlots} between 0 and 50`),
    check("centre_settings_absence_alert_percent", sql`${t.absenceAlertPercent} between 0 and 100`),
  ],
);
