/**
 * Section C of the BPF from the year's invoices: the amounts excluding VAT (the section is 'hors
 * taxes') of the invoices issued that year (Paris issue dates), less the credit notes issued that year,
 * each on the line its payer's kind and learner decide (bpf-products.ts says how, and where it is a
 * choice). A credit note goes to the line of the invoice it corrects. Drafts count nowhere.
 *
 * The BPF feature imports no billing: its route calls these functions (a route may import any
 * feature) and shows the lines beside the sections it computes itself.
 */
import { and, asc, between, eq, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { learners } from "~/features/learners/schema.server";
import { CSV_BOM, csvCents, csvLine } from "~/platform/csv.server";
import type { Db } from "~/platform/db/client.server";
import {
  BPF_LINES_FROM_INVOICES,
  BPF_PRODUCT_LABELS,
  BPF_PRODUCT_LINES,
  type BpfProductLine,
  bpfProductLineOf,
} from "./bpf-products";
import { invoices } from "./schema.server";
import { INVOICE_KIND_LABELS, type InvoiceKind, PAYER_KIND_LABELS, type PayerKind } from "./vocabulary";

/** One invoice or credit note behind a line, its amount excluding VAT signed (a credit note's negative). */
export interface BpfProductDocument {
  id: string;
  kind: InvoiceKind;
  number: string;
  issuedOn: string;
  /** For a credit note: the invoice it corrects. */
  creditedNumber: string | null;
  buyerName: string;
  payerKind: PayerKind;
  learnerName: string | null;
  netCents: number;
  line: BpfProductLine;
}

export interface BpfProductRow {
  line: BpfProductLine;
  /** '1', '2-a'…: the line's number on the cerfa. */
  code: string;
  label: string;
  cents: number;
  /** How many invoices and credit notes make it. */
  documents: number;
  /** False for the lines no invoice reaches (2-b, 2-c, 2-d, 2-f, 2-g, 3, 4, 5, 11): to be filled by hand when they apply. */
  fromInvoices: boolean;
}

export interface BpfProducts {
  year: number;
  lines: BpfProductRow[];
  /** Line 2's total (2-a to 2-h). */
  fundManagersCents: number;
  /** Lines 1 to 11. */
  totalCents: number;
}

const original = alias(invoices, "original");

/** Every invoice and credit note issued in `year`, with its line, in the order of issue. */
export async function bpfProductDocuments(db: Db, year: number): Promise<BpfProductDocument[]> {
  const rows = await db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      issuedOn: invoices.issuedOn,
      netCents: invoices.netCents,
      creditedNumber: original.number,
      buyerName: sql<string>`${invoices.buyer}->>'name'`,
      // A credit note is classed as the invoice it corrects: same payer, same learner.
      payerKind: sql<PayerKind>`coalesce(${original.buyer}->>'kind', ${invoices.buyer}->>'kind')`,
      learnerName: sql<string | null>`coalesce(${original.learnerName}, ${invoices.learnerName})`,
      learnerCategory: learners.traineeCategory,
      learnerFunding: learners.fundingSource,
    })
    .from(invoices)
    .leftJoin(original, eq(original.id, invoices.creditedInvoiceId))
    .leftJoin(learners, eq(learners.id, sql`coalesce(${original.learnerId}, ${invoices.learnerId})`))
    .where(and(isNotNull(invoices.number), between(invoices.issuedOn, `${year}-01-01`, `${year}-12-31`)))
    .orderBy(asc(invoices.issuedOn), asc(invoices.sequenceKey), asc(invoices.sequenceNumber));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    number: r.number ?? "",
    issuedOn: r.issuedOn ?? "",
    creditedNumber: r.creditedNumber,
    buyerName: r.buyerName,
    payerKind: r.payerKind,
    learnerName: r.learnerName,
    netCents: r.kind === "credit_note" ? -r.netCents : r.netCents,
    line: bpfProductLineOf({
      payerKind: r.payerKind,
      learnerCategory: r.learnerCategory,
      learnerFunding: r.learnerFunding,
    }),
  }));
}

/** Section C of `year`: each line's amount excluding VAT and how many documents make it, line 2's total and the whole. */
export async function bpfProducts(db: Db, year: number): Promise<BpfProducts> {
  const documents = await bpfProductDocuments(db, year);
  const lines = BPF_PRODUCT_LINES.map((line) => {
    const mine = documents.filter((d) => d.line === line);
    return {
      line,
      ...BPF_PRODUCT_LABELS[line],
      cents: mine.reduce((sum, d) => sum + d.netCents, 0),
      documents: mine.length,
      fromInvoices: BPF_LINES_FROM_INVOICES.has(line),
    };
  });
  const sum = (rows: BpfProductRow[]) => rows.reduce((total, row) => total + row.cents, 0);
  return {
    year,
    lines,
    fundManagersCents: sum(lines.filter((l) => l.code.startsWith("2-"))),
    totalCents: sum(lines),
  };
}

const CSV_HEADER = [
  "Date",
  "Numéro",
  "Type",
  "Facture corrigée",
  "Financeur",
  "Type de financeur",
  "Stagiaire",
  "Montant HT",
  "Ligne du BPF",
];

/** 'bpf-2027-produits-2-a.csv', 'bpf-2027-produits.csv' for every line. */
export const bpfProductsFileName = (year: number, line: BpfProductLine | "all") =>
  line === "all" ? `bpf-${year}-produits.csv` : `bpf-${year}-produits-${BPF_PRODUCT_LABELS[line].code}.csv`;

/**
 * The invoices and credit notes behind one line ('c2a'…, or 'all') as CSV for French Excel, audited
 * as an export of invoices (payers' and learners' names leave the console) in the transaction that
 * reads them. Null when `line` is no line.
 */
export async function bpfProductsCsv(
  db: Db,
  actor: Actor,
  year: number,
  line: string,
): Promise<string | null> {
  const wanted = line === "all" ? "all" : BPF_PRODUCT_LINES.find((l) => l === line);
  if (!wanted) return null;
  return db.transaction(async (tx) => {
    const documents = (await bpfProductDocuments(tx, year)).filter(
      (d) => wanted === "all" || d.line === wanted,
    );
    await writeAudit(tx, actor, {
      action: "export",
      entity: "invoice",
      details: {
        title: `BPF ${year}, origine des produits${wanted === "all" ? "" : `, ligne ${BPF_PRODUCT_LABELS[wanted].code}`}`,
        count: documents.length,
        bpf: { year, line: wanted },
      },
    });
    const lines = documents.map((d) =>
      csvLine([
        d.issuedOn.split("-").reverse().join("/"),
        d.number,
        INVOICE_KIND_LABELS[d.kind],
        d.creditedNumber,
        d.buyerName,
        PAYER_KIND_LABELS[d.payerKind],
        d.learnerName,
        csvCents(d.netCents),
        BPF_PRODUCT_LABELS[d.line].code,
      ]),
    );
    return CSV_BOM + csvLine(CSV_HEADER) + lines.join("");
  });
}
