// Facturation: payers, funding plans, invoices and credit notes, payments, reminders.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, searchText, updatedAt } from "../../platform/db/columns.server";
import { users } from "../accounts/schema.server";
import { formationSessions } from "../catalogue/schema.server";
import { learners } from "../learners/schema.server";
import type { InvoiceBuyer, InvoiceSeller } from "./parties";
import { INVOICE_KINDS, INVOICE_PURPOSES, PAYER_KINDS, PAYMENT_MEANS, QUOTE_STATES } from "./vocabulary";

export const payerKind = pgEnum("payer_kind", PAYER_KINDS);
export const invoiceKind = pgEnum("invoice_kind", INVOICE_KINDS);
export const invoicePurpose = pgEnum("invoice_purpose", INVOICE_PURPOSES);
export const paymentMeans = pgEnum("payment_means", PAYMENT_MEANS);

/**
 * Who pays: a company, an OPCO, France Travail, a region, another public funder, a training body that
 * subcontracts, or a person. An invoice copies the payer's identity when it is issued (`invoices.buyer`):
 * editing a payer later never changes an issued invoice.
 */
export const payers = pgTable(
  "payers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: payerKind("kind").notNull(),
    name: text("name").notNull(),
    /** 9 digits without spaces; required for a business (the invoice's buyer SIREN), null for a person. */
    siren: text("siren"),
    /** 14 digits without spaces, starting with the SIREN; optional. */
    siret: text("siret"),
    /** The buyer's intra-community VAT number (FR + 11 characters), when it has one. */
    vatNumber: text("vat_number"),
    street: text("street").notNull(),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    /** ISO 3166-1 alpha-2. */
    countryCode: text("country_code").notNull().default("FR"),
    /** Where invoices, quotes and reminders are e-mailed. */
    invoicingEmail: text("invoicing_email").notNull(),
    contactName: text("contact_name"),
    /** A public buyer's Chorus Pro service code (code service), when it asks for one. */
    chorusServiceCode: text("chorus_service_code"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("payers_siren_digits", sql`${t.siren} is null or ${t.siren} ~ '^[0-9]{9}$'`),
    check(
      "payers_siret_digits",
      sql`${t.siret} is null or (${t.siret} ~ '^[0-9]{14}$' and ${t.siren} is not null and left(${t.siret}, 9) = ${t.siren})`,
    ),
    index("payers_search_idx").using("gin", sql`${searchText(t.name, t.siren, t.city)} gin_trgm_ops`),
  ],
);

export type Payer = typeof payers.$inferSelect;

/**
 * A learner's funding plan: the learner's price (excluding VAT) and the payers sharing it
 * (`fundingShares`). The console says when the shares do not add up to the price.
 */
export const fundingPlans = pgTable(
  "funding_plans",
  {
    learnerId: uuid("learner_id")
      .primaryKey()
      .references(() => learners.id, { onDelete: "restrict" }),
    priceCents: integer("price_cents").notNull(),
    /** The hourly rate an invoice 'au réalisé' multiplies the attended hours by, excluding VAT. */
    hourlyRateCents: integer("hourly_rate_cents"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("funding_plans_price", sql`${t.priceCents} >= 0`),
    check("funding_plans_hourly_rate", sql`${t.hourlyRateCents} is null or ${t.hourlyRateCents} > 0`),
  ],
);

/**
 * One payer's share of a learner's price. `subrogation`: an OPCO paying the centre directly (subrogation
 * de paiement) is invoiced directly; the employer is invoiced the rest.
 */
export const fundingShares = pgTable(
  "funding_shares",
  {
    learnerId: uuid("learner_id")
      .notNull()
      .references(() => fundingPlans.learnerId, { onDelete: "cascade" }),
    payerId: uuid("payer_id")
      .notNull()
      .references(() => payers.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    subrogation: boolean("subrogation").notNull().default(false),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.learnerId, t.payerId] }),
    check("funding_shares_amount", sql`${t.amountCents} > 0`),
    index("funding_shares_payer_idx").on(t.payerId),
  ],
);

/**
 * An invoice or a credit note. A draft (no number) is free to change and to delete. 'Émettre' gives it
 * the next number of the sequence (`invoice_counters`), copies the seller's and the buyer's identity
 * into it and freezes it: from then on the database refuses any UPDATE or DELETE of the row and of its
 * lines (trigger `invoices_frozen`, migration 0041). Its state (Émise, Payée, En retard, Annulée…) is
 * read from the payments, the due date and the credit notes, never written on it.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: invoiceKind("kind").notNull().default("invoice"),
    purpose: invoicePurpose("purpose").notNull().default("custom"),
    payerId: uuid("payer_id")
      .notNull()
      .references(() => payers.id, { onDelete: "restrict" }),
    /** The learner billed for, when the invoice is for one learner's training. */
    learnerId: uuid("learner_id").references(() => learners.id, { onDelete: "restrict" }),
    sessionId: uuid("session_id").references(() => formationSessions.id, { onDelete: "restrict" }),
    /** The invoice a credit note corrects. */
    creditedInvoiceId: uuid("credited_invoice_id").references((): AnyPgColumn => invoices.id, {
      onDelete: "restrict",
    }),
    /** 'F-2027-00042'; null while a draft. */
    number: text("number"),
    /** The sequence the number was drawn from ('2027' when the format holds the year) and its rank. */
    sequenceKey: text("sequence_key"),
    sequenceNumber: integer("sequence_number"),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    /** The issue date printed (Europe/Paris day of `issuedAt`). */
    issuedOn: date("issued_on", { mode: "string" }),
    dueOn: date("due_on", { mode: "string" }),
    /** The service's period (dates of the training billed). */
    serviceStart: date("service_start", { mode: "string" }).notNull(),
    serviceEnd: date("service_end", { mode: "string" }).notNull(),
    /** The centre's identity as printed, copied at issue. */
    seller: jsonb("seller").$type<InvoiceSeller>(),
    /** The payer's identity as printed, copied from the payer when drafted and again at issue. */
    buyer: jsonb("buyer").$type<InvoiceBuyer>().notNull(),
    /** Public buyers: the engagement (purchase order) number Chorus Pro asks for. */
    engagementNumber: text("engagement_number"),
    /** The learner's name and the formation as printed: the invoice keeps them after anonymisation. */
    learnerName: text("learner_name"),
    formationTitle: text("formation_title"),
    /** 0 when the centre is exempt (category E), 2000 for 20 % (category S), in hundredths of a percent. */
    vatRateBasisPoints: integer("vat_rate_basis_points").notNull().default(0),
    netCents: integer("net_cents").notNull().default(0),
    vatCents: integer("vat_cents").notNull().default(0),
    grossCents: integer("gross_cents").notNull().default(0),
    paymentTermsDays: integer("payment_terms_days").notNull().default(30),
    /** Free text printed under the lines. */
    note: text("note").notNull().default(""),
    createdById: text("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "invoices_issue_complete",
      sql`(${t.number} is null) = (${t.issuedAt} is null) and (${t.number} is null) = (${t.issuedOn} is null)
        and (${t.number} is null) = (${t.sequenceNumber} is null) and (${t.number} is null) = (${t.seller} is null)
        and (${t.number} is null) = (${t.dueOn} is null)`,
    ),
    check(
      "invoices_credit_note_refers",
      sql`(${t.kind} = 'credit_note') = (${t.creditedInvoiceId} is not null)`,
    ),
    check("invoices_service_period", sql`${t.serviceStart} <= ${t.serviceEnd}`),
    check("invoices_vat_rate", sql`${t.vatRateBasisPoints} between 0 and 10000`),
    check("invoices_amounts", sql`${t.grossCents} = ${t.netCents} + ${t.vatCents}`),
    check("invoices_payment_terms", sql`${t.paymentTermsDays} between 0 and 60`),
    uniqueIndex("invoices_number_idx").on(t.number).where(sql`${t.number} is not null`),
    uniqueIndex("invoices_sequence_idx")
      .on(t.sequenceKey, t.sequenceNumber)
      .where(sql`${t.sequenceNumber} is not null`),
    index("invoices_payer_idx").on(t.payerId),
    index("invoices_learner_idx").on(t.learnerId),
    index("invoices_credited_idx").on(t.creditedInvoiceId),
    index("invoices_issued_on_idx").on(t.issuedOn),
  ],
);

export type Invoice = typeof invoices.$inferSelect;

/**
 * A line of an invoice. Quantities are in hundredths (3,5 h is 350) so hours attended stay exact;
 * `netCents` is quantity × unit price, rounded to the cent. A final invoice deducts each deposit by a
 * negative line naming it (`deductedInvoiceId`), so the VAT is charged once on what is left.
 */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    label: text("label").notNull(),
    description: text("description").notNull().default(""),
    quantityHundredths: integer("quantity_hundredths").notNull(),
    /** UN/ECE rec. 20: 'HUR' an hour, 'C62' a unit (a training, a package). */
    unitCode: text("unit_code").notNull().default("C62"),
    unitPriceCents: integer("unit_price_cents").notNull(),
    netCents: integer("net_cents").notNull(),
    deductedInvoiceId: uuid("deducted_invoice_id").references((): AnyPgColumn => invoices.id, {
      onDelete: "restrict",
    }),
  },
  (t) => [
    check("invoice_lines_quantity", sql`${t.quantityHundredths} > 0`),
    check("invoice_lines_unit", sql`${t.unitCode} in ('HUR', 'C62', 'DAY')`),
    uniqueIndex("invoice_lines_position_idx").on(t.invoiceId, t.position),
  ],
);

export type InvoiceLine = typeof invoiceLines.$inferSelect;

/**
 * The last number drawn from each sequence. Issuing locks the row (UPDATE … RETURNING) inside the
 * issuing transaction: two instances issuing at once wait for each other, and a rolled-back issue
 * gives its number back, so the sequence has no gap and no duplicate.
 */
export const invoiceCounters = pgTable("invoice_counters", {
  key: text("key").primaryKey(),
  lastNumber: integer("last_number").notNull().default(0),
});

/** A payment received against an issued invoice, whole or partial. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    receivedOn: date("received_on", { mode: "string" }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    means: paymentMeans("means").notNull(),
    /** The transfer's or the cheque's reference. */
    reference: text("reference").notNull().default(""),
    createdById: text("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [check("payments_amount", sql`${t.amountCents} > 0`), index("payments_invoice_idx").on(t.invoiceId)],
);

/** Each overdue reminder sent, once per invoice and level (the first, the second…). */
export const invoiceReminders = pgTable(
  "invoice_reminders",
  {
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    level: integer("level").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.level] })],
);

/**
 * The billing settings (Paramètres › Facturation), one row: the numbering, the payment terms and
 * penalties printed on invoices, the reminders' delays and the accountant's account codes.
 */
export const billingSettings = pgTable(
  "billing_settings",
  {
    id: integer("id").primaryKey().default(1),
    /** '{AAAA}' the year of issue, '{NNNNN}' the number padded to as many digits as N's. */
    numberFormat: text("number_format").notNull().default("F-{AAAA}-{NNNNN}"),
    /** The centre's intra-community VAT number, printed on invoices when it has one. */
    vatNumber: text("vat_number").notNull().default(""),
    paymentTermsDays: integer("payment_terms_days").notNull().default(30),
    /** The late-payment penalty rate printed for businesses (Code de commerce, L. 441-10). */
    latePenaltyRate: text("late_penalty_rate")
      .notNull()
      .default("taux d'intérêt de la BCE majoré de 10 points"),
    /** Days after the due date each reminder is sent; empty: no reminders. */
    reminderDays: jsonb("reminder_days").$type<number[]>().notNull().default([7, 30]),
    /**
     * The centre opted to pay VAT on its services when invoiced (d'après les débits, CGI art. 269-2 c)
     * rather than when paid: a liable centre's invoices then say so (CGI art. 242 nonies A).
     */
    vatOnDebits: boolean("vat_on_debits").notNull().default(false),
    /** Bank details printed for transfers. */
    iban: text("iban").notNull().default(""),
    bic: text("bic").notNull().default(""),
    salesAccount: text("sales_account").notNull().default("706000"),
    vatAccount: text("vat_account").notNull().default("445710"),
    customerAccount: text("customer_account").notNull().default("411000"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("billing_settings_single_row", sql`${t.id} = 1`),
    check("billing_settings_payment_terms", sql`${t.paymentTermsDays} between 0 and 60`),
  ],
);

export const quoteState = pgEnum("quote_state", QUOTE_STATES);

/**
 * A quote (devis) to a payer: for one learner of a session (inter-entreprise) or for a group of a
 * company (intra-entreprise, no learner yet). Numbered when sent ('D-2027-0001', its own sequence:
 * a quote is an offer, not an invoice). The payer accepts it through the link of its e-mail (the
 * token's hash is kept, never the token) or staff record the acceptance; an accepted quote for a
 * learner fills that learner's funding plan and the party of the convention.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    payerId: uuid("payer_id")
      .notNull()
      .references(() => payers.id, { onDelete: "restrict" }),
    learnerId: uuid("learner_id").references(() => learners.id, { onDelete: "restrict" }),
    sessionId: uuid("session_id").references(() => formationSessions.id, { onDelete: "restrict" }),
    /** What the quote is for, as printed ('Formation Gestionnaire de paie, session de mars 2027'). */
    title: text("title").notNull(),
    number: text("number").unique(),
    state: quoteState("state").notNull().default("draft"),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    vatRateBasisPoints: integer("vat_rate_basis_points").notNull().default(0),
    netCents: integer("net_cents").notNull().default(0),
    vatCents: integer("vat_cents").notNull().default(0),
    grossCents: integer("gross_cents").notNull().default(0),
    note: text("note").notNull().default(""),
    /** SHA-256 of the acceptance link's token; null until sent. */
    tokenHash: text("token_hash").unique(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    sentTo: text("sent_to"),
    /** When and how the answer came: 'link' (the payer's click) or a staff member's name. */
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answeredBy: text("answered_by"),
    createdById: text("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("quotes_amounts", sql`${t.grossCents} = ${t.netCents} + ${t.vatCents} and ${t.netCents} >= 0`),
    check("quotes_sent_numbered", sql`(${t.state} = 'draft') = (${t.number} is null)`),
    check("quotes_answered", sql`(${t.state} in ('accepted', 'refused')) = (${t.answeredAt} is not null)`),
    index("quotes_payer_idx").on(t.payerId),
    index("quotes_learner_idx").on(t.learnerId),
  ],
);

export type Quote = typeof quotes.$inferSelect;

/** A quote's lines, as an invoice's: quantities in hundredths, amounts in cents. */
export const quoteLines = pgTable(
  "quote_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    label: text("label").notNull(),
    quantityHundredths: integer("quantity_hundredths").notNull(),
    unitCode: text("unit_code").notNull().default("C62"),
    unitPriceCents: integer("unit_price_cents").notNull(),
    netCents: integer("net_cents").notNull(),
  },
  (t) => [
    check("quote_lines_quantity", sql`${t.quantityHundredths} > 0`),
    check("quote_lines_price", sql`${t.unitPriceCents} >= 0`),
    check("quote_lines_unit", sql`${t.unitCode} in ('HUR', 'C62', 'DAY')`),
    uniqueIndex("quote_lines_position_idx").on(t.quoteId, t.position),
  ],
);
