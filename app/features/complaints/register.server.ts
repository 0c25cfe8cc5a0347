/**
 * The complaints register of a period as a file (Qualiopi indicator 31): every réclamation received
 * in the period (its Paris day), oldest first, with what an auditor checks (category, who wrote, the
 * session, status, corrective action, handling delay) and without the author's contact details: the
 * register proves the handling, the console keeps the person.
 */
import { sql } from "drizzle-orm";
import { CSV_BOM, csvLine } from "~/platform/csv.server";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import { formatDateTime } from "~/platform/paris-time";
import { COMPLAINTS_REGISTER_COLUMNS } from "./complaint-entity";
import { authorTypeLabel, categoryLabel } from "./content";
import { handlingDelay } from "./delay";
import {
  COMPLAINT_CHANNEL_LABELS,
  COMPLAINT_STATUS_LABELS,
  type ComplaintChannel,
  type ComplaintStatus,
} from "./statuses";

export { COMPLAINTS_REGISTER_COLUMNS };

export interface RegisterRow {
  id: string;
  reference: string;
  created_at: Date | string;
  channel: ComplaintChannel;
  author_type: string;
  organisation: string | null;
  category: string;
  session_label: string | null;
  status: ComplaintStatus;
  corrective_action: string | null;
  /** The last answer sent to the author (its day; its text, which quotes the author, stays in the console). */
  replied_at: Date | string | null;
  handled_at: Date | string | null;
  closed_at: Date | string | null;
  erased_at: Date | string | null;
}

/** The complaints received from `from` to `to` (Paris days, both included), oldest first. */
export function registerRows(db: Db, period: { from: string; to: string }): Promise<RegisterRow[]> {
  return rows<RegisterRow>(
    db,
    sql`select c.id, c.reference, c.created_at, c.channel::text as channel, c.author_type, c.organisation,
               c.category, c.session_label, c.status::text as status, c.corrective_action,
               (select max(e.created_at) from complaint_events e
                 where e.complaint_id = c.id and e.kind = 'reply') as replied_at,
               c.handled_at, c.closed_at, c.erased_at
          from complaints c
         where (c.created_at at time zone 'Europe/Paris')::date between ${period.from}::date and ${period.to}::date
         order by c.created_at, c.reference`,
  );
}

/** The register of the complaints received from `from` to `to` (YYYY-MM-DD, both included) as CSV. */
export async function complaintsRegisterCsv(
  db: Db,
  period: { from: string; to: string },
  now = new Date(),
): Promise<{ count: number; csv: string }> {
  const found = await registerRows(db, period);
  const lines = found.map((c) =>
    csvLine([
      c.reference,
      formatDateTime(c.created_at),
      COMPLAINT_CHANNEL_LABELS[c.channel] ?? c.channel,
      authorTypeLabel(c.author_type),
      c.organisation,
      categoryLabel(c.category),
      c.session_label,
      COMPLAINT_STATUS_LABELS[c.status] ?? c.status,
      c.corrective_action,
      c.handled_at ? formatDateTime(c.handled_at) : "",
      handlingDelay(c.created_at, c.handled_at, now),
      c.closed_at ? formatDateTime(c.closed_at) : "",
      c.erased_at ? "Oui" : "Non",
    ]),
  );
  return { count: found.length, csv: CSV_BOM + csvLine(COMPLAINTS_REGISTER_COLUMNS) + lines.join("") };
}
