/**
 * Exports comptables: the period asked for (?du=&au=, the last full month unless given), the sales
 * journal of that period as a CSV download, and the period's invoices and credit notes as a ZIP of
 * their PDFs. Both downloads are written to the audit log by the functions that read them.
 */
import { and, asc, count, gte, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { addDays, formatDate, parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { fieldErrors } from "~/platform/field-errors";
import { type ZipEntry, zipStream } from "~/platform/zip.server";
import type { InvoiceDocument } from "./invoice-document";
import { invoiceDocument } from "./invoice-document.server";
import { invoicePdf } from "./invoice-pdf.server";
import { type Period, periodSchema } from "./period-schema";
import { exportSalesJournal, salesJournalFileName } from "./sales-journal.server";
import { invoices } from "./schema.server";

/** The last full calendar month before `today` (Paris days): the period an accountant asks for most. */
export function lastFullMonth(today: string = parisToday()): Period {
  const to = addDays(`${today.slice(0, 8)}01`, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

/** What the form shows: the period asked for, or the default one; and each field's French error. */
export interface PeriodAsked {
  du: string;
  au: string;
  period: Period | null;
  errors: Record<string, string>;
}

/** The period of the URL: none asked means the last full month; a bad one says why, field by field. */
export function periodAsked(params: URLSearchParams, today: string = parisToday()): PeriodAsked {
  if (!params.has("du") && !params.has("au")) {
    const period = lastFullMonth(today);
    return { du: period.from, au: period.to, period, errors: {} };
  }
  const du = params.get("du") ?? "";
  const au = params.get("au") ?? "";
  const parsed = periodSchema.safeParse({ du, au });
  return parsed.success
    ? { du, au, period: parsed.data, errors: {} }
    : { du, au, period: null, errors: fieldErrors(parsed.error) };
}

/** A refusal of a download, in French plain text (the link was followed outside the form). */
export const badPeriod = (asked: PeriodAsked) =>
  new Response(`Période invalide : ${Object.values(asked.errors).join(", ")}.`, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

/** The sales journal of the URL's period as a streamed CSV download, or a 400 for a bad period. */
export async function salesJournalDownload(db: Db, actor: Actor, params: URLSearchParams): Promise<Response> {
  const asked = periodAsked(params);
  if (!asked.period) return badPeriod(asked);
  const body = await exportSalesJournal(db, actor, asked.period);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${salesJournalFileName(asked.period)}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** Makes an issued document's PDF (invoice-pdf.server.ts's invoicePdf: Factur-X, the XML inside). */
export type RenderPdf = (doc: InvoiceDocument) => Promise<Uint8Array>;

/** Documents read per query while archiving: the archive holds one PDF in memory at a time anyway. */
export const ARCHIVE_BATCH = 200;

const issuedIn = (period: Period): SQL | undefined =>
  and(isNotNull(invoices.number), gte(invoices.issuedOn, period.from), lte(invoices.issuedOn, period.to));

const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);

/** 'factures-2027-01-01-au-2027-01-31.zip' */
export const invoicesArchiveFileName = (period: Period) => `factures-${period.from}-au-${period.to}.zip`;

/**
 * Every invoice and credit note issued in `period`, in the order of issue, as a ZIP of their PDFs
 * named by their numbers ('F-2027-00001.pdf'). The PDFs are made again from the frozen documents
 * (an issued invoice's PDF is the same every time it is made), one at a time as the archive is read:
 * ids by keyset batches, then each document read, rendered, written and let go. The export is written
 * to the audit log with how many documents it holds before the first byte.
 */
export async function invoicesArchive(
  db: Db,
  actor: Actor,
  period: Period,
  render: RenderPdf = invoicePdf,
  batch = ARCHIVE_BATCH,
): Promise<ReadableStream<Uint8Array>> {
  await db.transaction(async (tx) => {
    const [counted] = await tx.select({ n: count() }).from(invoices).where(issuedIn(period));
    await writeAudit(tx, actor, {
      action: "export",
      entity: "invoice",
      details: {
        title: `Factures et avoirs du ${day(period.from)} au ${day(period.to)} (ZIP)`,
        count: counted?.n ?? 0,
        period: { ...period },
      },
    });
  });
  async function* entries(): AsyncGenerator<ZipEntry> {
    let after: { issuedOn: string; key: string; rank: number } | null = null;
    for (;;) {
      const where = [issuedIn(period)];
      if (after) {
        where.push(
          sql`(${invoices.issuedOn}, ${invoices.sequenceKey}, ${invoices.sequenceNumber}) > (${after.issuedOn}::date, ${after.key}, ${after.rank}::int)`,
        );
      }
      const rows = await db
        .select({
          id: invoices.id,
          issuedOn: invoices.issuedOn,
          sequenceKey: invoices.sequenceKey,
          sequenceNumber: invoices.sequenceNumber,
        })
        .from(invoices)
        .where(and(...where))
        .orderBy(asc(invoices.issuedOn), asc(invoices.sequenceKey), asc(invoices.sequenceNumber))
        .limit(batch);
      for (const row of rows) {
        const doc = await invoiceDocument(db, row.id);
        if (!doc) continue;
        yield {
          name: `${doc.number.replace(/[^\p{L}\p{N}._-]+/gu, "_")}.pdf`,
          data: await render(doc),
          day: doc.issuedOn,
        };
      }
      const last = rows.at(-1);
      if (!last || rows.length < batch) return;
      after = { issuedOn: last.issuedOn ?? "", key: last.sequenceKey ?? "", rank: last.sequenceNumber ?? 0 };
    }
  }
  return zipStream(entries());
}

/** The period's invoices and credit notes as a streamed ZIP download, or a 400 for a bad period. */
export async function invoicesArchiveDownload(
  db: Db,
  actor: Actor,
  params: URLSearchParams,
): Promise<Response> {
  const asked = periodAsked(params);
  if (!asked.period) return badPeriod(asked);
  const body = await invoicesArchive(db, actor, asked.period);
  return new Response(body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${invoicesArchiveFileName(asked.period)}"`,
      "Cache-Control": "no-store",
    },
  });
}
