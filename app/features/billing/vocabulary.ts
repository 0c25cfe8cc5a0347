/**
 * The words of the centre's money: who pays (payers and their kinds), what is billed (invoices and
 * credit notes, their purposes), how it is paid. Plain constants without imports: the database schema
 * builds its enums from them (drizzle-kit reads this file), the console and the exports speak the labels.
 */

/**
 * Who a payer is. The kind decides the invoice's legal mentions (a business gets the late-payment
 * penalties and the 40 € indemnity; a public buyer is invoiced through Chorus Pro with its service
 * code) and the line of the BPF's section C the money lands on.
 */
export const PAYER_KINDS = [
  "company",
  "opco",
  "france_travail",
  "region",
  "other_public",
  "training_body",
  "individual",
] as const;
export type PayerKind = (typeof PAYER_KINDS)[number];

export const PAYER_KIND_LABELS: Record<PayerKind, string> = {
  company: "Entreprise",
  opco: "OPCO",
  france_travail: "France Travail",
  region: "Région",
  other_public: "Autre financeur public",
  training_body: "Organisme de formation (sous-traitance)",
  individual: "Particulier",
};

/** Public buyers: invoiced through Chorus Pro, with a service code and an engagement number. */
export const PUBLIC_PAYER_KINDS: readonly PayerKind[] = ["france_travail", "region", "other_public"];

/** Payers that are businesses: their invoices carry the late-payment penalties and the 40 € indemnity. */
export const BUSINESS_PAYER_KINDS: readonly PayerKind[] = ["company", "opco", "training_body"];

/**
 * An invoice (type code 380) or a credit note (avoir, 381) that corrects an issued invoice, totally
 * or partly. Both take their number from the same continuous sequence.
 */
export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  invoice: "Facture",
  credit_note: "Avoir",
};

/**
 * What an invoice bills: a deposit (acompte) at enrolment, the final invoice that deducts the deposits,
 * the hours actually attended (au réalisé, from the attendance sheets) times the hourly rate, or lines
 * written by hand.
 */
export const INVOICE_PURPOSES = ["deposit", "final", "attended", "custom"] as const;
export type InvoicePurpose = (typeof INVOICE_PURPOSES)[number];

export const INVOICE_PURPOSE_LABELS: Record<InvoicePurpose, string> = {
  deposit: "Acompte",
  final: "Facture de solde",
  attended: "Facture au réalisé",
  custom: "Facture libre",
};

/** How a payment came in. */
export const PAYMENT_MEANS = ["transfer", "cheque", "card", "direct_debit"] as const;
export type PaymentMeans = (typeof PAYMENT_MEANS)[number];

export const PAYMENT_MEANS_LABELS: Record<PaymentMeans, string> = {
  transfer: "Virement",
  cheque: "Chèque",
  card: "Carte",
  direct_debit: "Prélèvement",
};

/**
 * Where an invoice stands. Only 'draft' is stored as such (an invoice without a number); the others are
 * read from the payments, the due date and the credit notes, so an issued invoice's row never changes.
 */
export const INVOICE_STATES = ["draft", "issued", "partly_paid", "paid", "overdue", "cancelled"] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  draft: "Brouillon",
  issued: "Émise",
  partly_paid: "Partiellement payée",
  paid: "Payée",
  overdue: "En retard",
  cancelled: "Annulée",
};

/** A quote's life: written, sent to the payer, accepted (by the payer's link or by staff), refused, expired. */
export const QUOTE_STATES = ["draft", "sent", "accepted", "refused"] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

export const QUOTE_STATE_LABELS: Record<QuoteState, string> = {
  draft: "Brouillon",
  sent: "Envoyé",
  accepted: "Accepté",
  refused: "Refusé",
};

/**
 * How a quote records an acceptance given by the payer's contact signed in to their personal space
 * (`quotes.answered_by`; 'link' is the e-mail's link, anything else the staff member who recorded it).
 */
export const QUOTE_ANSWERED_BY_CONTACT = "contact";
