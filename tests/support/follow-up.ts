// What the tests of an issued invoice's follow-up (payments, states, reminders, encours, exports,
// BPF) share: invoices and credit notes numbered without clashing, issued through
// tests/support/billing.ts.
import type { Db } from "~/platform/db/client.server";
import { type InvoiceFields, makeDraftInvoice, makeIssuedInvoice } from "./billing";
import { uniqueTag } from "./factories";

/**
 * Numbers issued documents in a sequence of their own for the file ('T1a2b3c4d-00001'…), so two
 * files or two tests never draw the same number.
 */
export function numbering() {
  const key = `T${uniqueTag()}`;
  let rank = 0;
  return () => {
    rank += 1;
    return { number: `${key}-${String(rank).padStart(5, "0")}`, sequenceKey: key, sequenceNumber: rank };
  };
}

type Lines = Parameters<typeof makeIssuedInvoice>[2];

/** An issued invoice of `grossCents` (one line, exempt of VAT unless `fields` say otherwise). */
export function issueWith(next: ReturnType<typeof numbering>) {
  return (
    db: Db,
    fields: InvoiceFields & { issuedOn: string; dueOn: string },
    grossCents: number,
    lines?: Lines,
  ) => makeIssuedInvoice(db, { ...fields, ...next() }, lines ?? [{ unitPriceCents: grossCents }]);
}

/**
 * A credit note of `grossCents` correcting `invoice` (positive amounts, as Factur-X's 381 holds
 * them), issued on `issuedOn`, or left a draft when `issuedOn` is null.
 */
export function creditWith(next: ReturnType<typeof numbering>) {
  return async (
    db: Db,
    invoice: { id: string; payerId: string },
    grossCents: number,
    issuedOn: string | null,
  ) => {
    const fields = { payerId: invoice.payerId, kind: "credit_note" as const, creditedInvoiceId: invoice.id };
    const lines = [{ label: "Avoir", unitPriceCents: grossCents }];
    if (issuedOn === null) return makeDraftInvoice(db, fields, lines);
    return makeIssuedInvoice(db, { ...fields, ...next(), issuedOn, dueOn: issuedOn }, lines);
  };
}
