/**
 * The page a person reads of an invoice or a credit note: every mention French law asks an invoice to
 * print (Code de commerce L441-9 and R123-237, CGI art. 242 nonies A, Code du travail L6352-12), from
 * the same InvoiceDocument and the same sentences (invoice-mentions.ts) as its Factur-X XML. A4,
 * French typography (a no-break space before ':'), amounts by formatCents, dates in words. Server only.
 * Its blocks (the centre's identity, a party, the lines' table, the totals, the legal footer) are
 * exported for the quote's PDF (quote-pdf.server.ts), which prints the same things the same way.
 */
import { formatDateRange } from "~/features/catalogue";
import { fullAddress } from "~/features/settings";
import { formatCents } from "~/platform/money";
import type { InvoiceDocument, InvoiceDocumentLine } from "./invoice-document";
import {
  creditedInvoiceSentence,
  deductedDepositsSentence,
  documentName,
  dueSentence,
  INVOICE_VAT_EXEMPTION,
  invoiceDay,
  isBusinessBuyer,
  isPublicBuyer,
  isVatExempt,
  lateSentences,
  NO_DISCOUNT,
  OPERATION_CATEGORY,
  paysVatOnDebits,
  sellerLegalText,
  VAT_ON_DEBITS,
} from "./invoice-mentions";
import type { InvoiceBuyer, InvoiceSeller } from "./parties";

const NBSP = "\u00a0";
const BLUE = "#1e3a8a";
const GREY = "#4b5563";
const RULE = "#d1d5db";

const UNIT_LABELS: Record<InvoiceDocumentLine["unitCode"], [one: string, many: string]> = {
  HUR: ["heure", "heures"],
  C62: ["unité", "unités"],
  DAY: ["jour", "jours"],
};

/** 350 → '3,5', 100 → '1', 125 → '1,25': hundredths of a unit, exactly, French decimal comma. */
export function formatQuantity(hundredths: number): string {
  const sign = hundredths < 0 ? "-" : "";
  const abs = Math.abs(hundredths);
  const fraction = abs % 100;
  const decimals = fraction ? `,${String(fraction).padStart(2, "0").replace(/0$/, "")}` : "";
  return `${sign}${Math.trunc(abs / 100)}${decimals}`;
}

const unitLabel = (line: InvoiceDocumentLine) =>
  UNIT_LABELS[line.unitCode][Math.abs(line.quantityHundredths) > 100 ? 1 : 0];

/** '20 %' from 2000 basis points, '5,5 %' from 550. */
const ratePercent = (basisPoints: number) => `${formatQuantity(basisPoints)}${NBSP}%`;

export interface Writer {
  doc: PDFKit.PDFDocument;
  width: number;
  left: number;
}

/** A writer between `doc`'s margins. */
export const writerOn = (doc: PDFKit.PDFDocument, width: number): Writer => ({
  doc,
  width,
  left: doc.page.margins.left,
});

export const label = (name: string, value: string) => `${name}${NBSP}: ${value}`;

interface TextOptions {
  bold?: boolean;
  size?: number;
  color?: string;
  align?: "left" | "right";
}

export function text(w: Writer, value: string, options: TextOptions = {}) {
  w.doc
    .font(options.bold ? "bold" : "text")
    .fontSize(options.size ?? 9.5)
    .fillColor(options.color ?? "black")
    .text(value, w.left, w.doc.y, { width: w.width, align: options.align ?? "left" });
}

export function heading(w: Writer, value: string) {
  w.doc.moveDown(0.8);
  text(w, value, { bold: true, size: 11, color: BLUE });
  w.doc.moveDown(0.2);
}

/** The centre's identity at the top: name, address, contact, SIRET, VAT number when it has one. */
export function sellerBlock(w: Writer, s: InvoiceSeller) {
  text(w, s.name, { bold: true, size: 14, color: BLUE });
  text(w, [fullAddress(s), s.phone, s.email].filter((v) => v.trim()).join(" · "), { color: GREY });
  const ids = [label("SIRET", s.siret), s.rcs.trim(), s.vatNumber.trim() ? label("N° TVA", s.vatNumber) : ""];
  text(w, ids.filter(Boolean).join(" · "), { color: GREY });
}

/** The title, the dates, for a credit note the invoice it corrects, for a final invoice the deposits it deducts. */
function titleBlock(w: Writer, d: InvoiceDocument) {
  w.doc.moveDown(1.2);
  text(w, `${documentName(d)} n° ${d.number}`, { bold: true, size: 20 });
  text(w, label("Date d'émission", invoiceDay(d.issuedOn)));
  text(w, label("Période de la prestation", formatDateRange(d.serviceStart, d.serviceEnd)));
  const credited = creditedInvoiceSentence(d);
  if (credited) text(w, credited, { bold: true });
  const deducted = deductedDepositsSentence(d);
  if (deducted) text(w, deducted);
}

/** The payer under `title`: name, contact, address and, for a business or a public body, its identifiers. */
export function partyBlock(w: Writer, title: string, b: InvoiceBuyer) {
  heading(w, title);
  text(w, b.name, { bold: true });
  if (b.contactName?.trim()) text(w, label("À l'attention de", b.contactName));
  text(
    w,
    `${fullAddress(b)}${b.countryCode.toUpperCase() === "FR" ? "" : ` (${b.countryCode.toUpperCase()})`}`,
  );
  const ids = [
    b.siren ? label("SIREN", b.siren) : "",
    b.siret ? label("SIRET", b.siret) : "",
    b.vatNumber ? label("N° TVA", b.vatNumber) : "",
  ].filter(Boolean);
  if (ids.length) text(w, ids.join(" · "));
}

/** The payer, a public buyer's Chorus Pro references, who was trained and in what. */
function buyerBlock(w: Writer, d: InvoiceDocument) {
  const b = d.buyer;
  partyBlock(w, "Client", b);
  if (isPublicBuyer(b)) {
    if (b.chorusServiceCode?.trim()) text(w, label("Code service (Chorus Pro)", b.chorusServiceCode));
    if (d.engagementNumber?.trim()) text(w, label("Numéro d'engagement", d.engagementNumber));
  }
  if (d.learnerName) text(w, label("Stagiaire", d.learnerName));
  if (d.formationTitle) text(w, label("Formation", d.formationTitle));
}

const COLUMNS = [
  { title: "Désignation", share: 0.43, align: "left" },
  { title: "Quantité", share: 0.1, align: "right" },
  { title: "Unité", share: 0.12, align: "left" },
  { title: "Prix unitaire HT", share: 0.17, align: "right" },
  { title: "Montant HT", share: 0.18, align: "right" },
] as const;

/** One row of the table at the current height, on a new page when it does not fit. */
function row(w: Writer, cells: readonly string[], bold = false) {
  const { doc } = w;
  const gap = 6;
  const widths = COLUMNS.map((c) => c.share * w.width - gap);
  doc.font(bold ? "bold" : "text").fontSize(9);
  const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: widths[i] })));
  if (doc.y + height + 8 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const top = doc.y;
  let x = w.left;
  COLUMNS.forEach((column, i) => {
    doc.fillColor("black").text(cells[i] ?? "", x, top, { width: widths[i], align: column.align });
    x += column.share * w.width;
  });
  doc.y = top + height + 4;
  doc
    .moveTo(w.left, doc.y)
    .lineTo(w.left + w.width, doc.y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.y += 4;
}

export function linesTable(w: Writer, lines: readonly InvoiceDocumentLine[]) {
  heading(w, "Détail");
  row(
    w,
    COLUMNS.map((c) => c.title),
    true,
  );
  for (const line of lines) {
    const what = line.description.trim() ? `${line.label}\n${line.description}` : line.label;
    row(w, [
      what,
      formatQuantity(line.quantityHundredths),
      unitLabel(line),
      formatCents(line.unitPriceCents),
      formatCents(line.netCents),
    ]);
  }
}

/** The amounts a document totals, and the name of the last one, printed in bold ('Net à payer'). */
export type Totalled = Pick<InvoiceDocument, "vatRateBasisPoints" | "netCents" | "vatCents" | "grossCents">;

/** Totals excluding VAT, VAT (or the exemption), including VAT, and `due` (what is to be paid) when given. */
export function totalsBlock(w: Writer, d: Totalled, due: string | null) {
  w.doc.moveDown(0.5);
  const amounts: [string, string, boolean][] = [
    ["Total HT", formatCents(d.netCents), false],
    [isVatExempt(d) ? "TVA" : `TVA (${ratePercent(d.vatRateBasisPoints)})`, formatCents(d.vatCents), false],
    ["Total TTC", formatCents(d.grossCents), due === null],
  ];
  if (due) amounts.push([due, formatCents(d.grossCents), true]);
  for (const [name, value, bold] of amounts) {
    text(w, label(name, value), { bold, size: bold ? 11 : 9.5, align: "right" });
  }
  if (isVatExempt(d)) text(w, INVOICE_VAT_EXEMPTION, { bold: true, align: "right" });
}

/** When and how to pay, what a late payment costs, bank details, the operation's category. */
function terms(w: Writer, d: InvoiceDocument) {
  heading(w, "Conditions de paiement");
  if (d.kind === "invoice") {
    text(w, label("Échéance", invoiceDay(d.dueOn)));
    text(w, dueSentence(d));
  }
  const late = lateSentences(d.seller, d.buyer);
  // A business buyer owes both by law; for the others the sentences say why not, as the XML does.
  const owed = isBusinessBuyer(d.buyer);
  text(w, late.penalties, { bold: owed });
  text(w, late.indemnity, { bold: owed });
  text(w, NO_DISCOUNT);
  const iban = d.seller.iban.trim();
  if (iban && d.kind === "invoice") {
    const bic = d.seller.bic.trim() ? ` · BIC${NBSP}: ${d.seller.bic.trim()}` : "";
    text(w, `Coordonnées bancaires${NBSP}: IBAN ${iban}${bic} · référence ${d.number}`);
  }
  text(w, OPERATION_CATEGORY);
  if (paysVatOnDebits(d)) text(w, VAT_ON_DEBITS, { bold: true });
  noteBlock(w, d.note);
}

/** The free text printed under the lines, when there is one. */
export function noteBlock(w: Writer, note: string) {
  if (!note.trim()) return;
  w.doc.moveDown(0.5);
  text(w, note.trim(), { color: GREY });
}

/** The seller's legal identity at the end: form, capital, RCS, activity declaration, SIRET, VAT. */
export function legalFooter(w: Writer, s: InvoiceSeller) {
  w.doc.moveDown(1.5);
  const ids = [`SIRET ${s.siret}`, s.vatNumber.trim() ? `N° TVA intracommunautaire ${s.vatNumber}` : ""];
  text(w, `${sellerLegalText(s)} ${ids.filter(Boolean).join(" – ")}.`, { size: 7.5, color: GREY });
}

/** Writes the whole document on `doc`, between its margins. */
export function writeInvoicePages(doc: PDFKit.PDFDocument, d: InvoiceDocument, width: number): void {
  const w = writerOn(doc, width);
  sellerBlock(w, d.seller);
  titleBlock(w, d);
  buyerBlock(w, d);
  linesTable(w, d.lines);
  totalsBlock(w, d, d.kind === "credit_note" ? "Montant de l'avoir" : "Net à payer");
  terms(w, d);
  legalFooter(w, d.seller);
}
