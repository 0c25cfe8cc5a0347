/**
 * A quote (devis) as the payer receives it attached to its e-mail: a PDF in the invoice's style, built
 * from the invoice page's blocks (invoice-pdf-layout.server.ts: the centre's identity, the payer, the
 * lines' table, the totals with the VAT or its exemption, the legal footer), so a quote and the
 * invoices it becomes print the same things the same way. A plain PDF: a quote carries no Factur-X
 * data (it is an offer, not an invoice). Server only.
 */
import { openPdf } from "~/platform/pdf-document.server";
import type { InvoiceDocumentLine } from "./invoice-document";
import { invoiceDay } from "./invoice-mentions";
import {
  heading,
  label,
  legalFooter,
  linesTable,
  noteBlock,
  partyBlock,
  sellerBlock,
  type Totalled,
  text,
  totalsBlock,
  writerOn,
} from "./invoice-pdf-layout.server";
import type { InvoiceBuyer, InvoiceSeller } from "./parties";

export interface QuoteDocument extends Totalled {
  /** 'D-2027-0001'. */
  number: string;
  /** What the quote is for ('Formation Gestionnaire de paie, session de mars 2027'). */
  title: string;
  /** YYYY-MM-DD: the day it is sent, and the last day it may be accepted. */
  sentOn: string;
  validUntil: string;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  /** The learner it is for, when one is named. */
  learnerName: string | null;
  lines: InvoiceDocumentLine[];
  note: string;
}

/** The PDF bytes of `quote`. */
export function quotePdf(quote: QuoteDocument): Promise<Buffer> {
  const title = `Devis ${quote.number}`;
  const { doc, bytes, width } = openPdf({
    info: { Title: title, Author: quote.seller.name, Subject: `${title} — ${quote.buyer.name}` },
  });
  const w = writerOn(doc, width);
  sellerBlock(w, quote.seller);
  w.doc.moveDown(1.2);
  text(w, `Devis n° ${quote.number}`, { bold: true, size: 20 });
  text(w, quote.title, { bold: true });
  text(w, label("Date", invoiceDay(quote.sentOn)));
  text(w, label("Valable jusqu'au", invoiceDay(quote.validUntil)));
  partyBlock(w, "Client", quote.buyer);
  if (quote.learnerName) text(w, label("Stagiaire", quote.learnerName));
  linesTable(w, quote.lines);
  totalsBlock(w, quote, null);
  heading(w, "Acceptation");
  text(
    w,
    "Ce devis s'accepte par le lien de l'e-mail qui l'accompagne, ou signé et renvoyé avec la mention «\u00a0Bon pour accord\u00a0».",
  );
  noteBlock(w, quote.note);
  legalFooter(w, quote.seller);
  doc.end();
  return bytes;
}
