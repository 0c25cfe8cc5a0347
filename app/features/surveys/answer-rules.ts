import type { QuestionType } from "./vocabulary";

/** A question as the answering page and its checks see it. */
export interface AskedQuestion {
  id: string;
  type: QuestionType;
  label: string;
  required: boolean;
  options: string[];
}

/** The longest free-text answer kept. */
export const TEXT_ANSWER_MAX = 2000;

export const RATINGS = ["1", "2", "3", "4", "5"] as const;

/** The form field of a question on the answering page. */
export const fieldOf = (questionId: string) => `q-${questionId}`;

const MESSAGES: Record<QuestionType, string> = {
  rating: "Choisissez une note de 1 à 5",
  yes_no: "Répondez par oui ou par non",
  choice: "Choisissez une des réponses proposées",
  text: "Écrivez votre réponse",
};

/**
 * The posted answers checked against the questions: a note 1–5, 'oui'/'non', one of the options, a
 * text of at most TEXT_ANSWER_MAX characters; a required question must be answered. Answers the
 * values to store (question id → value, blanks left out), or the French message of each field wrong.
 */
export function checkAnswers(
  questions: readonly AskedQuestion[],
  read: (field: string) => string,
): { ok: true; answers: Map<string, string> } | { ok: false; errors: Record<string, string> } {
  const answers = new Map<string, string>();
  const errors: Record<string, string> = {};
  for (const q of questions) {
    const field = fieldOf(q.id);
    const value = q.type === "text" ? read(field).replace(/\r\n?/g, "\n").trim() : read(field).trim();
    if (value === "") {
      if (q.required) errors[field] = MESSAGES[q.type];
      continue;
    }
    const allowed =
      q.type === "rating"
        ? (RATINGS as readonly string[]).includes(value)
        : q.type === "yes_no"
          ? value === "oui" || value === "non"
          : q.type === "choice"
            ? q.options.includes(value)
            : value.length <= TEXT_ANSWER_MAX;
    if (!allowed) {
      errors[field] =
        q.type === "text"
          ? `Votre réponse ne doit pas dépasser ${TEXT_ANSWER_MAX} caractères`
          : MESSAGES[q.type];
      continue;
    }
    answers.set(q.id, value);
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, answers };
}
