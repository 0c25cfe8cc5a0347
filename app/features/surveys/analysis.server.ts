import { sql } from "drizzle-orm";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { CSV_BOM, CsvNumber, csvLine } from "~/platform/csv.server";
import { formatDate } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import { answeredWithin, getQuestionnaire } from "./console-reading.server";
import type { AnswerFilters } from "./console-schema";
import { averageText } from "./rates";
import { QUESTION_FIELD_LABELS } from "./survey-entity";
import { QUESTION_TYPE_LABELS, type QuestionType, YES_NO_VALUES } from "./vocabulary";

/** What one question's answers add up to, over the answers the filters keep. */
export interface QuestionAnalysis {
  id: string;
  label: string;
  type: QuestionType;
  /** How many answered it. */
  answered: number;
  /** A note's mean (1 to 5), null for other types or without answers. */
  average: number | null;
  /** How many gave each value: the notes 1 to 5, oui and non, each option (then any other value given). */
  distribution: { value: string; count: number }[];
  /** Free text's answers, oldest first, blanks left out. */
  comments: string[];
}

export interface SurveyAnalysis {
  questionnaire: { id: string; title: string };
  /** The invitations answered that the filters keep. */
  respondents: number;
  questions: QuestionAnalysis[];
}

/** The values a question's distribution lists, in order, before any other value found. */
function valuesOf(type: QuestionType, options: readonly string[]): string[] {
  if (type === "rating") return ["1", "2", "3", "4", "5"];
  if (type === "yes_no") return [...YES_NO_VALUES];
  if (type === "choice") return [...options];
  return [];
}

/**
 * Per question of a questionnaire: the answers' count, a note's mean, the count per note, yes/no or
 * option, and the free comments; over the answers given in the filters' period (and session).
 */
export async function analyseAnswers(db: Db, filters: AnswerFilters): Promise<SurveyAnalysis | null> {
  if (!filters.questionnaire) return null;
  const details = await getQuestionnaire(db, filters.questionnaire);
  if (!details) return null;
  const kept = sql`i.questionnaire_id = ${filters.questionnaire} and i.answered_at is not null
    ${filters.session ? sql`and i.session_id = ${filters.session}` : sql``}
    and ${answeredWithin(sql`i.answered_at`, filters)}`;
  const [counts, texts, total] = await Promise.all([
    rows<{ question_id: string; value: string; n: number }>(
      db,
      sql`select a.question_id, a.value, count(*)::int as n
            from survey_answers a join survey_invitations i on i.id = a.invitation_id
            join survey_questions q on q.id = a.question_id and q.type <> 'text'
           where ${kept} group by a.question_id, a.value`,
    ),
    rows<{ question_id: string; value: string }>(
      db,
      sql`select a.question_id, a.value
            from survey_answers a join survey_invitations i on i.id = a.invitation_id
            join survey_questions q on q.id = a.question_id and q.type = 'text'
           where ${kept} and btrim(a.value) <> '' order by i.answered_at, i.id`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from survey_invitations i where ${kept}`),
  ]);
  const questions = details.questions.map((q): QuestionAnalysis => {
    const given = new Map(counts.filter((c) => c.question_id === q.id).map((c) => [c.value, c.n]));
    const listed = valuesOf(q.type, q.options);
    const others = [...given.keys()].filter((v) => !listed.includes(v)).sort();
    const distribution = [...listed, ...others].map((value) => ({ value, count: given.get(value) ?? 0 }));
    const comments = texts.filter((t) => t.question_id === q.id).map((t) => t.value);
    const answered = q.type === "text" ? comments.length : distribution.reduce((n, d) => n + d.count, 0);
    const average =
      q.type === "rating" && answered > 0
        ? distribution.reduce((sum, d) => sum + Number(d.value) * d.count, 0) / answered
        : null;
    return { id: q.id, label: q.label, type: q.type, answered, average, distribution, comments };
  });
  return {
    questionnaire: { id: details.questionnaire.id, title: details.questionnaire.title },
    respondents: total[0]?.n ?? 0,
    questions,
  };
}

/** The analysis as CSV for French Excel, one line per value counted and per comment, audited. */
export async function exportAnalysis(db: Db, actor: Actor, filters: AnswerFilters): Promise<string | null> {
  return db.transaction(async (tx) => {
    const analysis = await analyseAnswers(tx, filters);
    if (!analysis) return null;
    await writeAudit(tx, actor, {
      action: "export",
      entity: "questionnaire",
      entityId: analysis.questionnaire.id,
      details: { title: `Analyse – ${analysis.questionnaire.title}`, count: analysis.respondents },
    });
    const header = [
      QUESTION_FIELD_LABELS.label,
      QUESTION_FIELD_LABELS.type,
      "Réponses",
      "Moyenne",
      "Valeur",
      "Nombre",
      "Commentaire",
    ];
    const lines = analysis.questions.flatMap((q) => {
      const head = [
        q.label,
        QUESTION_TYPE_LABELS[q.type],
        new CsvNumber(String(q.answered)),
        q.average === null ? "" : new CsvNumber(averageText(q.average).replace(/\s/g, "")),
      ];
      if (q.type === "text") return q.comments.map((c) => csvLine([...head, "", "", c]));
      return q.distribution.map((d) => csvLine([...head, d.value, new CsvNumber(String(d.count)), ""]));
    });
    return CSV_BOM + csvLine(header) + lines.join("");
  });
}

/** What the analysis covers, in words: 'Toutes les sessions, du 1er janvier au 30 juin 2036'. */
export function analysisScope(
  session: { title: string; dates: string } | null,
  filters: AnswerFilters,
): string {
  const where = session ? `${session.title} (${session.dates})` : "Toutes les sessions";
  const from = filters.from ? formatDate(filters.from) : null;
  const to = filters.to ? formatDate(filters.to) : null;
  const when = from && to ? `du ${from} au ${to}` : from ? `depuis le ${from}` : to ? `jusqu'au ${to}` : "";
  return when ? `${where}, réponses ${when}` : where;
}
