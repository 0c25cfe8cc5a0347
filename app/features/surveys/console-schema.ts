import { z } from "zod";
import { NNBSP, quoted } from "~/platform/french";
import { QUESTION_FIELDS, QUESTIONNAIRE_FIELDS } from "./survey-entity";
import {
  COLD_AUDIENCES,
  QUESTION_ROLES,
  QUESTION_TYPES,
  QUESTIONNAIRE_KINDS,
  SURVEY_AUDIENCES,
} from "./vocabulary";

export const TITLE_MAX = QUESTIONNAIRE_FIELDS.title.text.max;
export const INTRO_MAX = QUESTIONNAIRE_FIELDS.intro.text.max;
export const LABEL_MAX = QUESTION_FIELDS.label.text.max;
export const OPTION_MAX = 120;
export const OPTIONS_MAX = 12;
/** The most addresses one 'Envoyer maintenant' takes. */
export const ADDRESSES_MAX = 500;

const uuid = z.string().uuid("Élément introuvable, rechargez la page");
const text = (max: number, required: string) =>
  z.string().trim().min(1, required).max(max, `${max} caractères maximum`);
/** One option per line, blanks dropped. */
const lines = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter(Boolean)
      : [],
  z.array(z.string().max(OPTION_MAX, `${OPTION_MAX} caractères maximum par réponse`)),
);

export const questionnaireSchema = z.object({
  title: text(TITLE_MAX, "Donnez un titre au questionnaire"),
  intro: z.string().trim().max(INTRO_MAX, `${INTRO_MAX} caractères maximum`).default(""),
});

export const newQuestionnaireSchema = questionnaireSchema
  .extend({
    kind: z.enum(QUESTIONNAIRE_KINDS, { error: "Choisissez le type de questionnaire" }),
    audience: z.preprocess(
      (v) => (v === undefined || v === "" ? "learner" : v),
      z.enum(SURVEY_AUDIENCES, { error: "Choisissez à qui s'adresse le questionnaire" }),
    ),
  })
  .refine((q) => q.kind !== "a_froid" || (COLD_AUDIENCES as readonly string[]).includes(q.audience), {
    path: ["kind"],
    message:
      "Les formateur·rices ne sont pas interrogé·es à froid\u00a0: ils et elles ne voient plus les stagiaires après la session. Choisissez «\u00a0Autre\u00a0» pour un questionnaire envoyé à la main.",
  });

/**
 * A question as the console posts it. The rules the published figures depend on are checked here
 * (and by the database): the overall question is a note, the situation question a choice whose
 * 'en emploi' answers are among its options.
 */
export const questionSchema = z
  .object({
    label: text(LABEL_MAX, "Écrivez la question"),
    type: z.enum(QUESTION_TYPES, { error: "Choisissez le type de question" }),
    required: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
    options: lines,
    employedOptions: lines,
    role: z.preprocess((v) => (v === "" || v === undefined ? null : v), z.enum(QUESTION_ROLES).nullable()),
  })
  .superRefine((q, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (q.type === "choice") {
      if (q.options.length < 2) issue("options", "Proposez au moins deux réponses, une par ligne");
      if (q.options.length > OPTIONS_MAX) issue("options", `${OPTIONS_MAX} réponses au plus`);
      if (new Set(q.options).size !== q.options.length)
        issue("options", "Chaque réponse ne doit figurer qu'une fois");
    }
    if (q.role === "overall" && q.type !== "rating") {
      issue("role", "La question de satisfaction globale doit être une note de 1 à 5");
    }
    if (q.role === "situation") {
      if (q.type !== "choice") issue("role", "La question de situation doit être un choix parmi plusieurs");
      else if (q.employedOptions.length === 0) {
        issue("employedOptions", `Indiquez les réponses qui comptent comme ${quoted("en emploi")}`);
      } else if (q.employedOptions.some((o) => !q.options.includes(o))) {
        issue(
          "employedOptions",
          "Chaque réponse comptée en emploi doit figurer parmi les réponses proposées",
        );
      }
    }
  })
  .transform((q) => ({
    ...q,
    options: q.type === "choice" ? q.options : [],
    employedOptions: q.role === "situation" ? q.employedOptions : [],
  }));

export type QuestionInput = z.infer<typeof questionSchema>;

export const idSchema = z.object({ id: uuid });
export const moveSchema = z.object({ id: uuid, direction: z.enum(["up", "down"]) });

const email = z.string().email();

/**
 * 'Envoyer maintenant': a questionnaire to a session's learners, or to addresses pasted one per
 * line (commas and semicolons work too), about a session or none.
 */
export const sendSchema = z
  .object({
    questionnaireId: uuid,
    target: z.enum(["learners", "addresses"], { error: "Choisissez à qui envoyer" }),
    sessionId: z.preprocess((v) => (v === "" ? undefined : v), uuid.optional()),
    addresses: z.preprocess(
      (v) =>
        typeof v === "string"
          ? [
              ...new Set(
                v
                  .split(/[\s,;]+/)
                  .map((a) => a.trim().toLowerCase())
                  .filter(Boolean),
              ),
            ]
          : [],
      z.array(z.string()),
    ),
  })
  .superRefine((s, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (s.target === "learners" && !s.sessionId)
      issue("sessionId", "Choisissez la session dont les stagiaires recevront le questionnaire");
    if (s.target === "addresses") {
      const wrong = s.addresses.filter((a) => !email.safeParse(a).success);
      if (s.addresses.length === 0) issue("addresses", "Collez au moins une adresse e-mail");
      else if (wrong.length)
        issue(
          "addresses",
          `Adresse${wrong.length > 1 ? "s" : ""} invalide${wrong.length > 1 ? "s" : ""}${NNBSP}: ${wrong.slice(0, 5).join(", ")}`,
        );
      else if (s.addresses.length > ADDRESSES_MAX)
        issue("addresses", `${ADDRESSES_MAX} adresses au plus par envoi`);
    }
  });

export type SendInput = z.infer<typeof sendSchema>;

const isoDay = z.iso.date();

/**
 * The answers screen, its analysis and their exports: one questionnaire, optionally one session and
 * a period (the answers given from `from` to `to`, Paris days, both included). A day that is not one
 * is left out, as an unknown id is.
 */
export function answerFiltersFrom(params: URLSearchParams) {
  const questionnaire = z.string().uuid().safeParse(params.get("questionnaire"));
  const session = z.string().uuid().safeParse(params.get("session"));
  const from = isoDay.safeParse(params.get("from"));
  const to = isoDay.safeParse(params.get("to"));
  return {
    questionnaire: questionnaire.success ? questionnaire.data : null,
    session: session.success ? session.data : null,
    from: from.success ? from.data : null,
    to: to.success ? to.data : null,
  };
}

/** The filters as the screen's links and exports carry them. */
export function answerQuery(filters: AnswerFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of ["questionnaire", "session", "from", "to"] as const) {
    const value = filters[key];
    if (value) query.set(key, value);
  }
  return query;
}
export type AnswerFilters = ReturnType<typeof answerFiltersFrom>;
