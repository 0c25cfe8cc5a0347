/**
 * The survey answers of a period as files for the Qualiopi evidence pack (indicator 30): for each
 * questionnaire answered in the period, the answers (one line per person, as the console's export
 * writes them, without the e-mail addresses) and their analysis (per question: how many answered,
 * the mean of a note, how often each choice was given). One questionnaire's files at a time.
 */
import { asc, eq, sql } from "drizzle-orm";
import { surveyQuestions } from "~/features/surveys/schema.server";
import { CSV_BOM, CsvNumber, csvLine } from "~/platform/csv.server";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import { formatDateTime } from "~/platform/paris-time";
import { fileNamePart } from "~/platform/pdf-document.server";
import { QUESTION_FIELD_LABELS } from "./survey-entity";
import { QUESTION_TYPE_LABELS, type QuestionType, SURVEY_WAVE_LABELS, type SurveyWave } from "./vocabulary";

export interface SurveyPeriodFile {
  name: string;
  content: string;
}

interface Answered {
  wave: SurveyWave;
  answered_at: Date | string;
  formation: string | null;
  start_date: string | null;
  answers: Record<string, string> | null;
}

const decimal = (value: number) => new CsvNumber(value.toFixed(2).replace(".", ","));

/** The analysis of one question's answers: its lines of the analysis file. */
function analysisLines(question: { label: string; type: QuestionType; options: string[] }, given: string[]) {
  const head = [question.label, QUESTION_TYPE_LABELS[question.type]];
  const lines = [csvLine([...head, "Réponses", new CsvNumber(String(given.length))])];
  if (question.type === "rating") {
    const notes = given.map(Number).filter((n) => Number.isFinite(n));
    if (notes.length)
      lines.push(
        csvLine([...head, "Moyenne sur 5", decimal(notes.reduce((a, b) => a + b, 0) / notes.length)]),
      );
    for (const note of ["1", "2", "3", "4", "5"])
      lines.push(
        csvLine([...head, `Note ${note}`, new CsvNumber(String(given.filter((g) => g === note).length))]),
      );
  } else if (question.type === "yes_no" || question.type === "choice") {
    const options = question.type === "yes_no" ? [...new Set(given)].sort() : question.options;
    for (const option of options)
      lines.push(csvLine([...head, option, new CsvNumber(String(given.filter((g) => g === option).length))]));
  }
  return lines;
}

/** The answers file and the analysis file of each questionnaire answered from `from` to `to` (Paris days). */
export async function* surveyPeriodFiles(
  db: Db,
  period: { from: string; to: string },
): AsyncGenerator<SurveyPeriodFile> {
  const answeredIn = sql`(i.answered_at at time zone 'Europe/Paris')::date between ${period.from}::date and ${period.to}::date`;
  const questionnaires = await rows<{ id: string; title: string }>(
    db,
    sql`select q.id, q.title from survey_questionnaires q
         where exists (select 1 from survey_invitations i where i.questionnaire_id = q.id and ${answeredIn})
         order by q.title, q.id`,
  );
  for (const questionnaire of questionnaires) {
    const questions = await db
      .select({
        id: surveyQuestions.id,
        label: surveyQuestions.label,
        type: surveyQuestions.type,
        options: surveyQuestions.options,
      })
      .from(surveyQuestions)
      .where(eq(surveyQuestions.questionnaireId, questionnaire.id))
      .orderBy(asc(surveyQuestions.position));
    const found = await rows<Answered>(
      db,
      sql`select i.wave, i.answered_at, f.title as formation, s.start_date::text,
                 (select jsonb_object_agg(a.question_id, a.value) from survey_answers a where a.invitation_id = i.id) as answers
            from survey_invitations i
            left join formation_sessions s on s.id = i.session_id
            left join formations f on f.id = coalesce(s.formation_id, i.formation_id)
           where i.questionnaire_id = ${questionnaire.id} and ${answeredIn}
           order by i.answered_at, i.id`,
    );
    const stem = fileNamePart(questionnaire.title, 60) || "questionnaire";
    const header = ["Formation", "Début de session", "Envoi", "Répondu le", ...questions.map((q) => q.label)];
    yield {
      name: `reponses-${stem}.csv`,
      content:
        CSV_BOM +
        csvLine(header) +
        found
          .map((r) =>
            csvLine([
              r.formation,
              r.start_date ? r.start_date.split("-").reverse().join("/") : "",
              SURVEY_WAVE_LABELS[r.wave],
              formatDateTime(r.answered_at),
              ...questions.map((q) => r.answers?.[q.id] ?? ""),
            ]),
          )
          .join(""),
    };
    yield {
      name: `analyse-${stem}.csv`,
      content:
        CSV_BOM +
        csvLine([QUESTION_FIELD_LABELS.label, QUESTION_FIELD_LABELS.type, "Mesure", "Valeur"]) +
        csvLine(["Ensemble", "", "Personnes ayant répondu", new CsvNumber(String(found.length))]) +
        questions
          .flatMap((q) =>
            analysisLines(
              q,
              found.map((r) => r.answers?.[q.id]).filter((v): v is string => v !== undefined && v !== ""),
            ),
          )
          .join(""),
    };
  }
}
