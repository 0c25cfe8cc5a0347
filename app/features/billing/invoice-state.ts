/**
 * Where an invoice stands, read from its figures and never stored: an issued invoice's row is frozen,
 * so its state is computed each time from its payments, its credit notes and its due date against
 * today's Paris day. The SQL of the lists (invoice-state.server.ts) says the same thing in a CASE;
 * tests compare the two. Pure and browser-safe: the screens label with it.
 */
import { INVOICE_STATE_LABELS, type InvoiceKind, type InvoiceState } from "./vocabulary";

/** What decides an invoice's state. Amounts in cents, days 'YYYY-MM-DD'. */
export interface InvoiceFigures {
  kind: InvoiceKind;
  /** Null while a draft. */
  number: string | null;
  /** Null while a draft. */
  dueOn: string | null;
  netCents: number;
  grossCents: number;
  /** The payments recorded against it. */
  paidCents: number;
  /**
   * What its ISSUED credit notes took back (a draft credit note corrects nothing yet), excluding VAT
   * and with it. A credit note holds positive amounts, as Factur-X's type 381 does: subtracted here.
   */
  creditedNetCents: number;
  creditedCents: number;
}

/**
 * Whether credit notes took the whole invoice back. Judged on the amount excluding VAT, as issuing a
 * credit note judges what is left to credit (creditableNet): the VAT rounded on each document could
 * otherwise leave a cent that no credit note may take back.
 */
const cancelled = (f: Pick<InvoiceFigures, "netCents" | "creditedNetCents">) =>
  f.creditedNetCents > 0 && f.creditedNetCents >= f.netCents;

/**
 * What is still to be paid: the gross amount less what the credit notes took back and what was paid;
 * never below 0, and 0 once cancelled.
 */
export function leftDueCents(
  f: Pick<InvoiceFigures, "netCents" | "grossCents" | "paidCents" | "creditedNetCents" | "creditedCents">,
): number {
  return cancelled(f) ? 0 : Math.max(0, f.grossCents - f.creditedCents - f.paidCents);
}

/**
 * The state of an invoice on `today` (the Paris day, 'YYYY-MM-DD'), in this order:
 * - Brouillon: no number yet;
 * - Annulée: its issued credit notes cover its whole amount (at least one credit note: an invoice of
 *   0 € with none is simply paid);
 * - Payée: the payments reach the gross amount less what was credited;
 * - En retard: its due date is before today and something is left (a partly paid invoice past its due
 *   date is late: the rest of the money is late, and the reminders go; what was paid shows beside it);
 * - Partiellement payée: some of it paid, not yet due;
 * - Émise: otherwise.
 * A credit note is only 'draft' or 'issued' (Brouillon, Émis: CREDIT_NOTE_STATE_LABELS).
 */
export function invoiceStateOf(f: InvoiceFigures, today: string): InvoiceState {
  if (f.number === null) return "draft";
  if (f.kind === "credit_note") return "issued";
  if (cancelled(f)) return "cancelled";
  if (leftDueCents(f) === 0) return "paid";
  if (f.dueOn !== null && f.dueOn < today) return "overdue";
  if (f.paidCents > 0) return "partly_paid";
  return "issued";
}

/** A credit note's two states: its label is masculine ('Émis'), an invoice's feminine ('Émise'). */
export const CREDIT_NOTE_STATE_LABELS = { draft: "Brouillon", issued: "Émis" } as const;

/** The label a list shows for a row of either kind. */
export function stateLabel(kind: InvoiceKind, state: InvoiceState): string {
  if (kind === "credit_note")
    return state === "draft" ? CREDIT_NOTE_STATE_LABELS.draft : CREDIT_NOTE_STATE_LABELS.issued;
  return INVOICE_STATE_LABELS[state];
}
