/**
 * An invoice or a credit note exactly as it is printed and exchanged: what the PDF shows and what the
 * Factur-X XML (CII, EN 16931) says, built from the stored rows by one function so the two never
 * disagree. Amounts are integer cents; quantities are hundredths. Plain data, no imports from the server.
 */
import type { InvoiceBuyer, InvoiceSeller } from "./parties";
import type { InvoiceKind, InvoicePurpose } from "./vocabulary";

export interface InvoiceDocumentLine {
  /** 1, 2, 3… in order (BT-126). */
  position: number;
  label: string;
  description: string;
  /** Hundredths: 350 is 3,5 (BT-129). */
  quantityHundredths: number;
  /** 'HUR' an hour, 'C62' a unit, 'DAY' a day (BT-130). */
  unitCode: "HUR" | "C62" | "DAY";
  /** Net unit price, excluding VAT (BT-146); negative for a deducted deposit. */
  unitPriceCents: number;
  /** quantity × unit price, rounded to the cent (BT-131). */
  netCents: number;
}

/** An invoice another one refers to, as printed: its number and issue date (BG-3: BT-25, BT-26). */
export interface PrecedingInvoice {
  number: string;
  /** YYYY-MM-DD. */
  issuedOn: string;
}

export interface InvoiceDocument {
  kind: InvoiceKind;
  purpose: InvoicePurpose;
  /** 'F-2027-00042' (BT-1). */
  number: string;
  /** YYYY-MM-DD (BT-2). */
  issuedOn: string;
  /** YYYY-MM-DD (BT-9). */
  dueOn: string;
  /** The period of the service billed (BT-73, BT-74). */
  serviceStart: string;
  serviceEnd: string;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  /** A public buyer's engagement number (BT-13), when given. */
  engagementNumber: string | null;
  /** For a credit note: the invoice it corrects (BT-25, BT-26). */
  creditedInvoice: PrecedingInvoice | null;
  /**
   * For a final invoice: the issued deposit invoices it deducts by negative lines, in their order of
   * issue (BG-3 each: BT-25, BT-26). Empty otherwise.
   */
  deductedDeposits: PrecedingInvoice[];
  /** Who was trained, and in what, as printed. */
  learnerName: string | null;
  formationTitle: string | null;
  lines: InvoiceDocumentLine[];
  /** 0 when exempt (VAT category E), else 2000 for 20 % (category S). */
  vatRateBasisPoints: number;
  /** Sum of the lines (BT-106 = BT-109). */
  netCents: number;
  /** VAT on the net total, rounded to the cent (BT-110). */
  vatCents: number;
  /** net + VAT (BT-112 = BT-115, the amount due: deposits are deducted by lines, not prepaid). */
  grossCents: number;
  paymentTermsDays: number;
  note: string;
}
