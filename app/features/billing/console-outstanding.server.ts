/**
 * The Encours screen's read: one page of the payers that owe something (outstandingByPayer, overdue
 * first) and the totals shown above it (outstandingTotals), read at once for the same day.
 */
import { NO_PAGE, type Page } from "~/platform/console/paging.server";
import { parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import {
  type OutstandingTotals,
  outstandingByPayer,
  outstandingTotals,
  type PayerOutstanding,
} from "./outstanding.server";

export async function outstandingPage(db: Db, _filters: undefined, page: number, today = parisToday()) {
  const [list, totals] = await Promise.all([
    outstandingByPayer(db, page, today),
    outstandingTotals(db, today),
  ]);
  return { list, totals: totals as OutstandingTotals | null };
}

/** What the screen shows when the read failed: no rows, and no totals rather than zeros. */
export const NO_OUTSTANDING: Awaited<ReturnType<typeof outstandingPage>> = {
  list: NO_PAGE as Page<PayerOutstanding>,
  totals: null,
};
