import { RESULT_LABELS } from "~/features/catalogue";
import { QUESTION_ROLE_LABELS, type QuestionRole } from "./vocabulary";

/**
 * The published indicator each role feeds (the titles of features/indicators, which reads these
 * answers; written here as the indicators feature imports this one, not the other way round). The
 * insertion rate's title, with its period, comes from the catalogue's results as the indicators'
 * does. Kept out of vocabulary.ts, which drizzle-kit reads and which therefore imports nothing.
 */
export const ROLE_INDICATORS: Record<QuestionRole, string> = {
  overall: RESULT_LABELS.satisfaction.title,
  situation: RESULT_LABELS.insertion.title,
};

/**
 * The confirmation before a question is deleted: its answers go with it, and when it carries a role
 * the published indicator it feeds is no longer computed from this questionnaire's new answers.
 */
export function deleteQuestionWarning(role: string | null | undefined): string {
  const base = "Supprimer cette question et les réponses déjà données à celle-ci\u202f?";
  if (role !== "overall" && role !== "situation") return base;
  return `${base}\n\nElle porte le rôle «\u00a0${QUESTION_ROLE_LABELS[role]}\u00a0»\u202f: l'indicateur publié «\u00a0${ROLE_INDICATORS[role]}\u00a0» ne sera plus calculé à partir des nouvelles réponses à ce questionnaire, tant qu'aucune autre question ne reçoit ce rôle.`;
}
