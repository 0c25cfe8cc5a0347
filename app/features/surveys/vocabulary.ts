/**
 * The surveys' fixed value lists with their French labels. Plain constants without imports: the
 * database schema builds its enums from them (drizzle-kit reads this file too), the console and the
 * answering page speak the labels.
 */

/** What a questionnaire is for: sent when the session ends, some months after it, or by hand only. */
export const QUESTIONNAIRE_KINDS = ["a_chaud", "a_froid", "autre"] as const;
export type QuestionnaireKind = (typeof QUESTIONNAIRE_KINDS)[number];

export const QUESTIONNAIRE_KIND_LABELS: Record<QuestionnaireKind, string> = {
  a_chaud: "À chaud",
  a_froid: "À froid",
  autre: "Autre",
};

/**
 * Whom a questionnaire asks (Qualiopi's indicator 30 wants every stakeholder's appreciation): the
 * session's learners; the employers paying for some of them (payers of kind 'Entreprise'); the
 * trainers of its slots; the other payers (OPCO, France Travail, Région…). Each à-chaud or à-froid
 * questionnaire speaks to one audience and goes, when the wave leaves, to that audience only.
 */
export const SURVEY_AUDIENCES = ["learner", "employer", "trainer", "funder"] as const;
export type SurveyAudience = (typeof SURVEY_AUDIENCES)[number];

/**
 * The audiences an à-froid questionnaire may ask, months after the session: the learners (where they
 * are now), the employers (whether the employee applies what was learnt) and, when a centre makes one,
 * the funders. Not the trainers: they no longer see the learners once the session has ended.
 */
export const COLD_AUDIENCES = ["learner", "employer", "funder"] as const satisfies readonly SurveyAudience[];

export const SURVEY_AUDIENCE_LABELS: Record<SurveyAudience, string> = {
  learner: "Stagiaires",
  employer: "Employeurs",
  trainer: "Formateurs",
  funder: "Financeurs",
};

/**
 * Why an invitation went out: the automatic à-chaud wave (the session's last day), the automatic
 * à-froid wave (a delay after it), or staff's 'Envoyer maintenant' of any other questionnaire. Sending
 * an à-chaud or à-froid questionnaire by hand to a session's learners counts as that wave, so the
 * automatic sending does not ask them a second time.
 */
export const SURVEY_WAVES = ["a_chaud", "a_froid", "manuel"] as const;
export type SurveyWave = (typeof SURVEY_WAVES)[number];

export const SURVEY_WAVE_LABELS: Record<SurveyWave, string> = {
  a_chaud: "À chaud",
  a_froid: "À froid",
  manuel: "Envoi manuel",
};

/**
 * The wave a questionnaire sent by hand to a session's learners counts as: its own for an à-chaud or
 * à-froid one, a manual sending for any other. A new kind does not compile until it names its wave.
 */
export const WAVE_OF_KIND = {
  a_chaud: "a_chaud",
  a_froid: "a_froid",
  autre: "manuel",
} as const satisfies Record<QuestionnaireKind, SurveyWave>;

/** A note from 1 to 5, yes or no, one choice among several options, free text. */
export const QUESTION_TYPES = ["rating", "yes_no", "choice", "text"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  rating: "Note de 1 à 5",
  yes_no: "Oui / non",
  choice: "Choix parmi plusieurs",
  text: "Texte libre",
};

/**
 * The question the published figures read: the questionnaire's overall satisfaction (a note; ≥ 4
 * counts as satisfied) and, à froid, the learner's situation (a choice; the options marked 'en emploi'
 * count for the employment rate). At most one of each per questionnaire.
 */
export const QUESTION_ROLES = ["overall", "situation"] as const;
export type QuestionRole = (typeof QUESTION_ROLES)[number];

export const QUESTION_ROLE_LABELS: Record<QuestionRole, string> = {
  overall: "Satisfaction globale",
  situation: "Situation du ou de la stagiaire",
};

/** The answers of a yes/no question as stored. */
export const YES_NO_VALUES = ["oui", "non"] as const;
