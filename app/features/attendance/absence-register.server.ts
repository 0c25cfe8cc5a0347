/**
 * The absence alerts of a period and what followed them, as one CSV for the evidence pack's folder 12
 * (assiduité): each alert with its learner, session, threshold and the first follow-up recorded after
 * it (kind, day, who). Follow-ups' notes stay on the learner's file: the pack is shown to an auditor.
 */
import { sql } from "drizzle-orm";
import { CSV_BOM, csvLine } from "~/platform/csv.server";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import { formatIsoDay } from "~/platform/paris-time";
import { alertText } from "./absence-text";
import { type AbsenceAlertKind, FOLLOW_UP_KIND_LABELS, type FollowUpKind } from "./vocabulary";

const HEADER = [
  "Date de l'alerte",
  "Stagiaire",
  "Formation",
  "Début de session",
  "Seuil atteint",
  "Suivi",
  "Date du suivi",
  "Noté par",
];

/** The alerts raised between `period.from` and `period.to` (Paris days, both included), oldest first. */
export async function absenceFollowUpCsv(db: Db, period: { from: string; to: string }): Promise<string> {
  const found = await rows<{
    createdAt: Date;
    kind: AbsenceAlertKind;
    observed: number;
    firstName: string | null;
    lastName: string | null;
    title: string;
    startDate: string;
    followUp: FollowUpKind | null;
    happenedOn: string | null;
    recordedBy: string | null;
  }>(
    db,
    sql`select a.created_at as "createdAt", a.kind, a.observed, l.first_name as "firstName",
               l.last_name as "lastName", f.title, s.start_date::text as "startDate",
               fu.kind as "followUp", fu.happened_on::text as "happenedOn", u.name as "recordedBy"
          from absence_alerts a
          join learners l on l.id = a.learner_id
          join formation_sessions s on s.id = l.session_id
          join formations f on f.id = s.formation_id
          left join lateral (
            select x.kind, x.happened_on, x.recorded_by from absence_follow_ups x
             where x.learner_id = a.learner_id and x.created_at >= a.created_at
             order by x.created_at, x.id limit 1) fu on true
          left join users u on u.id = fu.recorded_by
         where (a.created_at at time zone 'Europe/Paris')::date between ${period.from}::date and ${period.to}::date
         order by a.created_at, a.id`,
  );
  return (
    CSV_BOM +
    csvLine(HEADER) +
    found
      .map((r) =>
        csvLine([
          formatIsoDay(r.createdAt),
          [r.firstName, r.lastName].filter(Boolean).join(" ") || "Stagiaire anonymisé·e",
          r.title,
          r.startDate,
          alertText(r.kind, r.observed),
          r.followUp ? FOLLOW_UP_KIND_LABELS[r.followUp] : "À suivre",
          r.happenedOn ?? "",
          r.recordedBy ?? "",
        ]),
      )
      .join("")
  );
}
