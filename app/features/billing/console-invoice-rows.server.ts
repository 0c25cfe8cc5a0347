/**
 * Invoices and credit notes as the console's pages list them beside a record (a learner's
 * Financement, the credit notes of an invoice): number or draft, purpose, payer, amount and state.
 */
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
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
  state: InvoiceState;
  /** A credit note's invoice, by number. */
  creditedInvoiceId: string | null;
  creditedNumber: string | null;
}

async function rowsWhere(db: Db, where: SQL | undefined): Promise<InvoiceRow[]> {
  const found = await db
    .select()
    .from(invoices)
    .where(where)
    .orderBy(sql`${invoices.number} is not null`, asc(invoices.issuedAt), asc(invoices.createdAt));
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
    payerName: i.buyer.name,
    grossCents: i.grossCents,
    state: i.number ? "issued" : "draft",
    creditedInvoiceId: i.creditedInvoiceId,
    creditedNumber: i.creditedInvoiceId ? (numberOf.get(i.creditedInvoiceId) ?? null) : null,
  }));
}

/** A learner's invoices and credit notes: drafts first, then in the order they were issued. */
export function learnerInvoiceRows(db: Db, learnerId: string): Promise<InvoiceRow[]> {
  return rowsWhere(db, eq(invoices.learnerId, learnerId));
}

/** The credit notes that correct the invoice `invoiceId`, drafts among them. */
export function creditNoteRows(db: Db, invoiceId: string): Promise<InvoiceRow[]> {
  return rowsWhere(db, and(eq(invoices.creditedInvoiceId, invoiceId), eq(invoices.kind, "credit_note")));
}
