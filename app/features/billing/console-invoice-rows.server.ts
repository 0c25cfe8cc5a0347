/**
 * Invoices and credit notes as the console's pages list them beside a record (a learner's
 * Financement, the credit notes of an invoice): number or draft, purpose, payer, amount, what is
 * left to pay and the state, read from the follow-up's figures (invoice-state.server.ts), so every
 * screen says the same state as the Factures list.
 */
import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { type FiguresTable, invoiceFigures } from "./invoice-state.server";
import { invoices } from "./schema.server";
import type { InvoiceKind, InvoicePurpose, InvoiceState } from "./vocabulary";

export interface InvoiceRow {
  id: string;
  kind: InvoiceKind;
  purpose: InvoicePurpose;
  number: string | null;
  issuedOn: string | null;
  /** The buyer's name as the invoice prints it. */
  payerName: string;
  grossCents: number;
  /** What is left to pay (0 for a draft and a credit note). */
  leftCents: number;
  state: InvoiceState;
  /** A credit note's invoice, by number. */
  creditedInvoiceId: string | null;
  creditedNumber: string | null;
}

async function rowsWhere(db: Db, where: (f: FiguresTable) => SQL): Promise<InvoiceRow[]> {
  const f = invoiceFigures(db, parisToday());
  const found = await db
    .select()
    .from(f)
    .where(where(f))
    .orderBy(sql`${f.number} is not null`, asc(f.issuedOn), asc(f.sequenceNumber), asc(f.createdAt));
  const creditedIds = [...new Set(found.flatMap((i) => (i.creditedInvoiceId ? [i.creditedInvoiceId] : [])))];
  const credited = creditedIds.length
    ? await db
        .select({ id: invoices.id, number: invoices.number })
        .from(invoices)
        .where(inArray(invoices.id, creditedIds))
    : [];
  const numberOf = new Map(credited.map((c) => [c.id, c.number]));
  return found.map((i) => ({
    id: i.id,
    kind: i.kind,
    purpose: i.purpose,
    number: i.number,
    issuedOn: i.issuedOn,
    payerName: String(i.buyerName ?? ""),
    grossCents: Number(i.grossCents),
    leftCents: Number(i.leftCents),
    state: i.state as InvoiceState,
    creditedInvoiceId: i.creditedInvoiceId,
    creditedNumber: i.creditedInvoiceId ? (numberOf.get(i.creditedInvoiceId) ?? null) : null,
  }));
}

/** A learner's invoices and credit notes: drafts first, then in the order they were issued. */
export function learnerInvoiceRows(db: Db, learnerId: string): Promise<InvoiceRow[]> {
  return rowsWhere(db, (f) => eq(f.learnerId, learnerId));
}

/** The credit notes that correct the invoice `invoiceId`, drafts among them. */
export function creditNoteRows(db: Db, invoiceId: string): Promise<InvoiceRow[]> {
  return rowsWhere(db, (f) => eq(f.creditedInvoiceId, invoiceId));
}
