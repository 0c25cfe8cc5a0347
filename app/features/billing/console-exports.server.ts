/**
 * Exports comptables: the period asked for (?du=&au=, the last full month unless given), the sales
 * journal of that period as a CSV download, and the period's invoices and credit notes as a ZIP of
 * their PDFs. Both downloads are written to the audit log by the functions that read them.
 */
import type { Actor } from "~/features/audit/index.server";
import { addDays, parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { fieldErrors } from "~/platform/field-errors";
import { type Period, periodSchema } from "./period-schema";
import { exportSalesJournal, salesJournalFileName } from "./sales-journal.server";

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
  new Response(`Période invalide : ${Object.values(asked.errors).join(", ")}.`, {
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
