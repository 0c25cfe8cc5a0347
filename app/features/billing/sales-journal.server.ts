/**
 * The sales journal (journal des ventes) the accountant imports: one row per invoice and credit note
 * issued in a period, in the order of issue, a credit note's amounts negative; the account codes of
 * Paramètres › Facturation on each row. CSV for French Excel (platform/csv.server.ts), streamed in
 * keyset batches on (issue date, sequence, rank), so 50 000 invoices never sit in memory at once
 * and each batch is one short indexed query.
 */
import { and, asc, count, gte, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { CSV_BOM, csvCents, csvLine } from "~/platform/csv.server";
import { formatDate } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { readBillingSettings } from "./billing-settings.server";
import type { Period } from "./period-schema";
import { invoices } from "./schema.server";
import { INVOICE_KIND_LABELS } from "./vocabulary";

export const SALES_JOURNAL_HEADER = [
  "Date",
  "Numéro",
  "Type",
  "Financeur",
  "SIREN du financeur",
  "Montant HT",
  "TVA",
  "Montant TTC",
  "Compte de ventes",
  "Compte de TVA",
  "Compte client",
];

/** Rows read per query while exporting: bounds what an export holds in memory at once. */
export const SALES_JOURNAL_BATCH = 2000;

/** 'journal-des-ventes-2027-01-01-au-2027-03-31.csv' */
export const salesJournalFileName = (period: Period) =>
  `journal-des-ventes-${period.from}-au-${period.to}.csv`;

const inPeriod = (period: Period): SQL | undefined =>
  and(isNotNull(invoices.number), gte(invoices.issuedOn, period.from), lte(invoices.issuedOn, period.to));

const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);

/**
 * The sales journal of `period` as a CSV stream. The export (the payers' names, some of them people,
 * leaving the console) is written to the audit log with how many rows it holds before the first byte.
 * `batch` rows are read per query (SALES_JOURNAL_BATCH unless a test says otherwise).
 */
export async function exportSalesJournal(
  db: Db,
  actor: Actor,
  period: Period,
  batch = SALES_JOURNAL_BATCH,
): Promise<ReadableStream<Uint8Array>> {
  const settings = await readBillingSettings(db);
  const accounts = [settings.salesAccount, settings.vatAccount, settings.customerAccount];
  await db.transaction(async (tx) => {
    const [counted] = await tx.select({ n: count() }).from(invoices).where(inPeriod(period));
    await writeAudit(tx, actor, {
      action: "export",
      entity: "invoice",
      details: {
        title: `Journal des ventes du ${day(period.from)} au ${day(period.to)}`,
        count: counted?.n ?? 0,
        period: { ...period },
      },
    });
  });
  const encoder = new TextEncoder();
  // The last row sent: the next batch starts after it in the order of issue.
  let after: { issuedOn: string; key: string; rank: number } | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${CSV_BOM}${csvLine(SALES_JOURNAL_HEADER)}`));
        return;
      }
      const where = [inPeriod(period)];
      if (after) {
        where.push(
          sql`(${invoices.issuedOn}, ${invoices.sequenceKey}, ${invoices.sequenceNumber}) > (${after.issuedOn}::date, ${after.key}, ${after.rank}::int)`,
        );
      }
      const rows = await db
        .select({
          kind: invoices.kind,
          number: invoices.number,
          issuedOn: invoices.issuedOn,
          sequenceKey: invoices.sequenceKey,
          sequenceNumber: invoices.sequenceNumber,
          // fr-FR's numeric day, written by PostgreSQL: it formats thousands of dates in a few
          // milliseconds where Intl takes far longer.
          date: sql<string>`to_char(${invoices.issuedOn}, 'DD/MM/YYYY')`,
          buyerName: sql<string>`${invoices.buyer}->>'name'`,
          buyerSiren: sql<string | null>`${invoices.buyer}->>'siren'`,
          netCents: invoices.netCents,
          vatCents: invoices.vatCents,
          grossCents: invoices.grossCents,
        })
        .from(invoices)
        .where(and(...where))
        .orderBy(asc(invoices.issuedOn), asc(invoices.sequenceKey), asc(invoices.sequenceNumber))
        .limit(batch);
      if (rows.length) {
        const lines = rows.map((r) => {
          // A credit note holds positive amounts; the journal writes them as the sales they take back.
          const sign = r.kind === "credit_note" ? -1 : 1;
          return csvLine([
            r.date,
            r.number,
            INVOICE_KIND_LABELS[r.kind],
            r.buyerName,
            r.buyerSiren,
            csvCents(sign * r.netCents),
            csvCents(sign * r.vatCents),
            csvCents(sign * r.grossCents),
            ...accounts,
          ]);
        });
        controller.enqueue(encoder.encode(lines.join("")));
      }
      const last = rows.at(-1);
      if (!last || rows.length < batch) controller.close();
      else {
        after = {
          issuedOn: last.issuedOn ?? "",
          key: last.sequenceKey ?? "",
          rank: last.sequenceNumber ?? 0,
        };
      }
    },
  });
}
