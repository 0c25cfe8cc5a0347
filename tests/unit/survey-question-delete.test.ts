// Deleting a questionnaire's question: the confirmation warns that the published indicator its role
// feeds is no longer computed from new answers; a question without a role gets the plain question.
import { describe, expect, it } from "vitest";
import { INDICATOR_TITLES } from "~/features/indicators/indicators";
import { deleteQuestionWarning, ROLE_INDICATORS } from "~/features/surveys/question-roles";

describe("the confirmation before deleting a survey question", () => {
  it("names the indicator each role feeds, as the indicators publish it", () => {
    expect(ROLE_INDICATORS).toEqual({
      overall: INDICATOR_TITLES.satisfaction,
      situation: INDICATOR_TITLES.insertion,
    });
  });

  it("warns for the overall-satisfaction and situation questions, not for another one", () => {
    expect(deleteQuestionWarning(null)).toBe(
      "Supprimer cette question et les réponses déjà données à celle-ci\u202f?",
    );
    const overall = deleteQuestionWarning("overall");
    expect(overall).toContain("«\u00a0Satisfaction globale\u00a0»");
    expect(overall).toContain(
      "l'indicateur publié «\u00a0Taux de satisfaction\u00a0» ne sera plus calculé à partir des nouvelles réponses",
    );
    const situation = deleteQuestionWarning("situation");
    expect(situation).toContain("«\u00a0Taux d'insertion à 3 mois\u00a0» ne sera plus calculé");
  });
});
