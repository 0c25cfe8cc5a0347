/**
 * The seller's and the buyer's identity as an invoice prints them, copied into the invoice when it is
 * issued so that editing Paramètres or a payer later never changes an issued invoice. Plain types
 * without imports besides the vocabulary: the schema stores them as JSON.
 */
import type { PayerKind } from "./vocabulary";

export interface InvoiceAddress {
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2 ('FR'). */
  countryCode: string;
}

/** The centre, as Paramètres describe it on the day of issue. */
export interface InvoiceSeller extends InvoiceAddress {
  name: string;
  legalForm: string;
  shareCapital: string;
  /** 14 digits without spaces. */
  siret: string;
  rcs: string;
  /** The numéro de déclaration d'activité (NDA). */
  activityNumber: string;
  activityRegion: string;
  /** FR + 11 characters, or empty when the centre has none. */
  vatNumber: string;
  email: string;
  phone: string;
  /** Whether the centre is exempt from VAT (CGI, art. 261-4-4° a). */
  vatExempt: boolean;
  /**
   * Whether a liable centre opted to pay VAT when invoicing (d'après les débits) rather than when paid.
   * Absent from the invoices issued before the option existed: read as false.
   */
  vatOnDebits?: boolean;
  iban: string;
  bic: string;
  /** The late-payment penalty rate printed for a business buyer. */
  latePenaltyRate: string;
}

/** The payer, as the payers' register describes it on the day of issue. */
export interface InvoiceBuyer extends InvoiceAddress {
  kind: PayerKind;
  name: string;
  /** 9 digits, or null for a person. */
  siren: string | null;
  siret: string | null;
  vatNumber: string | null;
  email: string;
  contactName: string | null;
  chorusServiceCode: string | null;
}
