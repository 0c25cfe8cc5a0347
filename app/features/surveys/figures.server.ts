import { sql } from "drizzle-orm";
import { INSERTION_MONTHS } from "~/features/catalogue";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";

/**
 * What one formation's learners said in one year's à-chaud or à-froid wave: how many were asked and
 * answered, how many answered the questionnaire's overall question and gave it 4 or 5, and (à froid)
 * how many answered the situation question and chose an option that counts as 'en emploi'.
 */
export interface SurveyFigures {
  formationId: string;
  /** The year of the session's last day (a calendar day of the centre, so the Paris year). */
  year: number;
  wave: "a_chaud" | "a_froid";
  asked: number;
  answered: number;
  /** Answers ≥ 4 to the overall question. */
  satisfied: number;
  overallAnswered: number;
  /**
   * Answers to the situation question among its 'en emploi' options, and all answers to it: only
   * those given at least INSERTION_MONTHS calendar months after the session's last day.
   */
  employed: number;
  situationAnswered: number;
}

/**
 * The published figures' raw counts, per formation, year and wave, read from the invitations of the
 * automatic waves (and 'Envoyer maintenant' of an à-chaud or à-froid questionnaire to a session's
 * learners, which counts as that wave) of the learners' questionnaires. Lists sent by hand, and the
 * employers', trainers' and funders' questionnaires, are not counted: the figures speak of learners. Each questionnaire has at most one overall and one situation
 * question, and an invitation at most one answer to each, so the joins below never multiply rows.
 * A choice counts as 'en emploi' when its text is among the question's employed options as they
 * read now.
 *
 * The rate is published as 'insertion à N mois' (INSERTION_MONTHS): a situation answer counts only
 * when it was given (its Paris day) on or after the day N calendar months after the session's last
 * day (31 January + 1 month is 28 or 29 February, as PostgreSQL adds months). An answer given sooner
 * (the à-froid questionnaire sent by hand, or a delay set shorter in Paramètres) says nothing of the
 * situation N months after, whatever it says.
 */
export async function surveyFigures(
  db: Db,
  { formationId }: { formationId?: string } = {},
): Promise<SurveyFigures[]> {
  const afterPeriod = sql`(i.answered_at at time zone 'Europe/Paris')::date
    >= (s.end_date + make_interval(months => ${INSERTION_MONTHS}::int))::date`;
  const found = await rows<SurveyFigures>(
    db,
    sql`
      select s.formation_id as "formationId",
             extract(year from s.end_date)::int as "year",
             i.wave::text as "wave",
             count(*)::int as "asked",
             count(i.answered_at)::int as "answered",
             count(*) filter (where oa.value in ('4', '5'))::int as "satisfied",
             count(oa.value)::int as "overallAnswered",
             count(*) filter (where sq.employed_options @> to_jsonb(sa.value) and ${afterPeriod})::int as "employed",
             count(sa.value) filter (where ${afterPeriod})::int as "situationAnswered"
        from survey_invitations i
        join formation_sessions s on s.id = i.session_id
        join survey_questionnaires q on q.id = i.questionnaire_id and q.audience = 'learner'
        left join survey_questions oq on oq.questionnaire_id = i.questionnaire_id and oq.role = 'overall'
        left join survey_answers oa on oa.invitation_id = i.id and oa.question_id = oq.id
        left join survey_questions sq on sq.questionnaire_id = i.questionnaire_id and sq.role = 'situation'
        left join survey_answers sa on sa.invitation_id = i.id and sa.question_id = sq.id
       where i.wave in ('a_chaud', 'a_froid')
         ${formationId ? sql`and s.formation_id = ${formationId}` : sql``}
       group by s.formation_id, extract(year from s.end_date), i.wave
       order by s.formation_id, 2, 3`,
  );
  return found;
}
