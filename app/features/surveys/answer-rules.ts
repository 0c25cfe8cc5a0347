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

/** How each question type reads a posted answer, which non-blank answers it accepts, and the refusal. */
interface AnswerRule {
  /** The posted value as kept: trimmed, a text's line breaks written '\n'. */
  clean: (posted: string) => string;
  accepts: (value: string, question: AskedQuestion) => boolean;
  refused: string;
}

// `satisfies Record<QuestionType, …>`: a new question type does not compile until it has its rule.
const RULES = {
  rating: {
    clean: (posted) => posted.trim(),
    accepts: (value) => (RATINGS as readonly string[]).includes(value),
    refused: MESSAGES.rating,
  },
  yes_no: {
    clean: (posted) => posted.trim(),
    accepts: (value) => value === "oui" || value === "non",
    refused: MESSAGES.yes_no,
  },
  choice: {
    clean: (posted) => posted.trim(),
    accepts: (value, question) => question.options.includes(value),
    refused: MESSAGES.choice,
  },
  text: {
    clean: (posted) => posted.replace(/\r\n?/g, "\n").trim(),
    accepts: (value) => value.length <= TEXT_ANSWER_MAX,
    refused: `Votre réponse ne doit pas dépasser ${TEXT_ANSWER_MAX} caractères`,
  },
} satisfies Record<QuestionType, AnswerRule>;

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
    const rule: AnswerRule = RULES[q.type];
    const value = rule.clean(read(field));
    if (value === "") {
      if (q.required) errors[field] = MESSAGES[q.type];
      continue;
    }
    if (!rule.accepts(value, q)) {
      errors[field] = rule.refused;
      continue;
    }
    answers.set(q.id, value);
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, answers };
}
