/**
 * What the Qualiopi board (indicators 4 and 8) and the evidence pack read of the positioning: counts
 * over the learners of sessions started in a period, and the answers as one CSV.
 */
import { sql } from "drizzle-orm";
import { CSV_BOM, csvLine } from "~/platform/csv.server";
import { formatDate } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import { formatDateTime } from "~/platform/paris-time";
import { answerText, type PositioningKey } from "./questions";
import type { PositioningAnswer } from "./schema.server";

/** Learners of sessions started in the period, and those whose positioning or needs are on record. */
export interface PositioningFacts {
  learners: number;
  /** Answered the positioning questionnaire. */
  answered: number;
  /** With the adaptation decided (one, or 'Aucune adaptation nécessaire'). */
  decided: number;
  /** Whose needs are analysed: the questionnaire answered, or their application's situation and motivation. */
  analysed: number;
}

/** The counts over the learners of sessions whose first day falls between `from` and `to` (Paris days). */
export async function positioningFacts(db: Db, from: string, to: string): Promise<PositioningFacts> {
  const [row] = await rows<PositioningFacts>(
    db,
    sql`select count(*)::int as "learners",
          count(*) filter (where p.answered_at is not null)::int as "answered",
          count(*) filter (where p.decided_at is not null)::int as "decided",
          count(*) filter (where p.answered_at is not null
            or exists (select 1 from applications a where a.id = l.application_id
                        and btrim(a.situation) <> '' and btrim(a.motivation) <> ''))::int as "analysed"
        from learners l
        join formation_sessions s on s.id = l.session_id
        left join positionings p on p.learner_id = l.id
       where s.start_date >= ${from}::date and s.start_date <= ${to}::date`,
  );
  return row ?? { learners: 0, answered: 0, decided: 0, analysed: 0 };
}

const CSV_HEADER = [
  "Formation",
  "Début de session",
  "Stagiaire",
  "Questionnaire envoyé le",
  "Réponses reçues le",
  "Besoins et objectifs",
  "Niveau déclaré",
  "Acquis et expérience",
  "Prérequis remplis",
  "Précisions sur les prérequis",
  "Besoin d'adaptation signalé",
  "Adaptation décidée",
  "Décidée le",
];

interface CsvRow {
  formation: string;
  start_date: string;
  first_name: string | null;
  last_name: string | null;
  anonymised: boolean;
  sent_at: Date | string | null;
  answered_at: Date | string | null;
  answers: PositioningAnswer[] | null;
  adaptation: string | null;
  no_adaptation: boolean | null;
  decided_at: Date | string | null;
}

/**
 * The positioning of every learner of `sessionIds` as CSV, for the evidence pack's folders 4 and 8.
 * The learner's own description of an adaptation need is left out (it may speak of a disability: it
 * stays on their file, seen by staff who follow learners); whether they signalled one is in.
 */
export async function positioningCsv(db: Db, sessionIds: readonly string[]): Promise<string> {
  const found = sessionIds.length
    ? await rows<CsvRow>(
        db,
        sql`select f.title as formation, s.start_date::text as start_date, l.first_name, l.last_name,
                   l.anonymised_at is not null as anonymised, p.sent_at, p.answered_at, p.answers,
                   p.adaptation, p.no_adaptation, p.decided_at
              from learners l
              join formation_sessions s on s.id = l.session_id
              join formations f on f.id = s.formation_id
              left join positionings p on p.learner_id = l.id
             where l.session_id in (${sql.join(
               sessionIds.map((id) => sql`${id}`),
               sql`, `,
             )})
             order by s.start_date, f.title, l.last_name, l.first_name, l.id`,
      )
    : [];
  const lines = found.map((r) => {
    const given = (key: PositioningKey) => {
      const answer = r.answers?.find((a) => a.key === key)?.answer;
      return answer === undefined ? "" : answerText(answer);
    };
    const name = r.anonymised
      ? "Stagiaire anonymisé·e"
      : [r.first_name, r.last_name].filter(Boolean).join(" ");
    return csvLine([
      r.formation,
      formatDate(r.start_date),
      name,
      r.sent_at ? formatDateTime(r.sent_at) : "",
      r.answered_at ? formatDateTime(r.answered_at) : "",
      given("needs"),
      given("level"),
      given("prior"),
      given("prerequisites"),
      given("prerequisitesDetail"),
      given("adaptation"),
      r.no_adaptation ? "Aucune adaptation nécessaire" : (r.adaptation ?? ""),
      r.decided_at ? formatDateTime(r.decided_at) : "",
    ]);
  });
  return CSV_BOM + csvLine(CSV_HEADER) + lines.join("");
}
