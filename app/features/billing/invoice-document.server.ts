/**
 * The document of an invoice or a credit note, built from its rows: what the PDF prints and the
 * Factur-X XML says. An issued one is read from its frozen copy (seller, buyer, dates, amounts as
 * issued): editing Paramètres or the payer later changes nothing of it. A draft is a preview of what
 * issuing it now would give, numbered 'BROUILLON': today's dates, the seller and the payer as they
 * are, the totals at the rate issuing would apply.
 */
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { addDays, parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { readBillingSettings } from "./billing-settings.server";
import { draftVatRate, readInvoice } from "./drafts.server";
import type { InvoiceDocument, InvoiceDocumentLine, PrecedingInvoice } from "./invoice-document";
import { invoiceTotals } from "./invoice-totals";
import { buyerOfPayer, currentSeller } from "./parties.server";
import { type InvoiceLine, invoices, payers } from "./schema.server";

/** The number a draft's preview prints. */
export const DRAFT_NUMBER = "BROUILLON";

const documentLine = (line: InvoiceLine): InvoiceDocumentLine => ({
  position: line.position,
  label: line.label,
  description: line.description,
  quantityHundredths: line.quantityHundredths,
  unitCode: line.unitCode as InvoiceDocumentLine["unitCode"],
  unitPriceCents: line.unitPriceCents,
  netCents: line.netCents,
});

/** The issued deposits that `lines` deduct (deductedInvoiceId), in their order of issue. */
async function deductedDeposits(db: Db, lines: InvoiceLine[]): Promise<PrecedingInvoice[]> {
  const ids = lines.flatMap((line) => (line.deductedInvoiceId ? [line.deductedInvoiceId] : []));
  if (!ids.length) return [];
  const rows = await db
    .select({ number: invoices.number, issuedOn: invoices.issuedOn })
    .from(invoices)
    .where(and(inArray(invoices.id, ids), isNotNull(invoices.number)))
    .orderBy(asc(invoices.sequenceKey), asc(invoices.sequenceNumber));
  return rows.flatMap((row) =>
    row.number && row.issuedOn ? [{ number: row.number, issuedOn: row.issuedOn }] : [],
  );
}

/** The invoice's document, or null when there is no such invoice. */
export async function invoiceDocument(db: Db, id: string): Promise<InvoiceDocument | null> {
  const read = await readInvoice(db, id);
  if (!read) return null;
  const { invoice, lines } = read;
  let creditedInvoice: InvoiceDocument["creditedInvoice"] = null;
  if (invoice.creditedInvoiceId) {
    const [credited] = await db
      .select({ number: invoices.number, issuedOn: invoices.issuedOn })
      .from(invoices)
      .where(eq(invoices.id, invoice.creditedInvoiceId));
    if (credited?.number && credited.issuedOn) {
      creditedInvoice = { number: credited.number, issuedOn: credited.issuedOn };
    }
  }
  const common = {
    kind: invoice.kind,
    purpose: invoice.purpose,
    serviceStart: invoice.serviceStart,
    serviceEnd: invoice.serviceEnd,
    engagementNumber: invoice.engagementNumber,
    creditedInvoice,
    deductedDeposits: await deductedDeposits(db, lines),
    learnerName: invoice.learnerName,
    formationTitle: invoice.formationTitle,
    lines: lines.map(documentLine),
    note: invoice.note,
  };
  if (invoice.number && invoice.issuedOn && invoice.dueOn && invoice.seller) {
    return {
      ...common,
      number: invoice.number,
      issuedOn: invoice.issuedOn,
      dueOn: invoice.dueOn,
      seller: invoice.seller,
      buyer: invoice.buyer,
      vatRateBasisPoints: invoice.vatRateBasisPoints,
      netCents: invoice.netCents,
      vatCents: invoice.vatCents,
      grossCents: invoice.grossCents,
      paymentTermsDays: invoice.paymentTermsDays,
    };
  }
  const billing = await readBillingSettings(db);
  const rate = await draftVatRate(db, invoice.creditedInvoiceId);
  const [payer] = await db.select().from(payers).where(eq(payers.id, invoice.payerId));
  const today = parisToday();
  return {
    ...common,
    number: DRAFT_NUMBER,
    issuedOn: today,
    dueOn: addDays(today, billing.paymentTermsDays),
    seller: await currentSeller(db, billing, rate),
    buyer: payer ? buyerOfPayer(payer) : invoice.buyer,
    vatRateBasisPoints: rate,
    ...invoiceTotals(lines, rate),
    paymentTermsDays: billing.paymentTermsDays,
  };
}
