import { CSV_BOM, csvLine } from "~/platform/csv.server";
import type { Db } from "~/platform/db/client.server";
import type { OldestWaitingMail } from "./charts";
import { reads } from "./readings.server";
import { CHART_IDS, type ChartId, delayText, type Period, percent, type StatChart } from "./statistics";

export type { OldestWaitingMail } from "./charts";

export interface Statistics {
  period: Period;
  startDay: string;
  endDay: string;
  /** ISO time the figures were computed at (the server's clock), shown as 'Chiffres à jour à …'. */
  computedAt: string;
  figures: {
    received: number;
    conversionRate: string;
    medianDelay: string | null;
    waitingCallbacks: number;
    failingMails: number;
    /** Complaints received in the period, and the median delay from receipt to 'Traitée' or 'Close' of those handled. */
    complaints: number;
    complaintsMedianDelay: string | null;
    oldestWaitingMail: OldestWaitingMail | null;
  };
  charts: StatChart[];
}

/** Every chart of the screen for `period`, ending at `now`. */
export async function statistics(db: Db, period: Period, now = new Date()): Promise<Statistics> {
  const { read, charts } = reads(db, period, now);
  const [o, { totals }, mails, oldestWaitingMail, built, complaints] = await Promise.all([
    read.outline(),
    read.funnel(),
    read.mails(),
    read.oldestWaitingMail(),
    Promise.all(CHART_IDS.map((id) => charts[id]())),
    read.complaints(),
  ]);
  return {
    period,
    startDay: o.startDay,
    endDay: o.endDay,
    computedAt: now.toISOString(),
    figures: {
      received: totals.received,
      conversionRate: percent(totals.converted, totals.received),
      medianDelay: totals.median_hours === null ? null : delayText(totals.median_hours),
      waitingCallbacks: totals.waiting,
      complaints: complaints.received,
      complaintsMedianDelay: complaints.medianHours === null ? null : delayText(complaints.medianHours),
      failingMails: mails.reduce((a, c) => a + c.failing, 0),
      oldestWaitingMail,
    },
    charts: built,
  };
}

/** One chart's table as CSV for French Excel: the same cells as 'Voir les données'; only its queries run. */
export async function statisticsCsv(
  db: Db,
  period: Period,
  chart: ChartId,
  now = new Date(),
): Promise<string> {
  const found = await reads(db, period, now).charts[chart]();
  return CSV_BOM + csvLine(found.columns) + found.rows.map(csvLine).join("");
}
