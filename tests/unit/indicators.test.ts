// A published figure says what it counts: the insertion rate's period is the same in its computed
// title and period, its typed archives and the surveys' screens (INSERTION_MONTHS); the satisfaction
// rate's printed sample is the answers the rate divides by.
import { describe, expect, it } from "vitest";
import { INSERTION_MONTHS } from "~/features/catalogue";
import { archiveLine, EMPTY_COUNTS, indicatorOf, indicatorsJsonLd } from "~/features/indicators/indicators";
import { deleteQuestionWarning } from "~/features/surveys/question-roles";

const months = (text: string) => [...text.matchAll(/(\d+)\s*mois/g)].map((m) => Number(m[1]));

describe("published indicators' labels", () => {
  it("print one insertion period: the computed rate, its archive and the surveys' warning", () => {
    const computed = indicatorOf(
      "insertion",
      { ...EMPTY_COUNTS, year: 2024, coldAsked: 6, employed: 4, situationAnswered: 5 },
      5,
    );
    const archive = archiveLine({
      kind: "insertion",
      year: 2022,
      rate: 70,
      sample: 20,
      source: "enquête interne",
    });
    const ld = JSON.stringify(
      indicatorsJsonLd({
        years: [{ year: 2024, indicators: [computed] }],
        archives: [{ kind: "insertion", year: 2022, rate: 70, sample: 20, source: "enquête interne" }],
      }),
    );
    const all = [computed.title, computed.period, archive, ld, deleteQuestionWarning("situation")].flatMap(
      months,
    );
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(new Set(all)).toEqual(new Set([INSERTION_MONTHS]));
    expect(computed.title).toBe(`Taux d'insertion à ${INSERTION_MONTHS} mois`);
    expect(archive).toContain(`— Taux d'insertion à ${INSERTION_MONTHS} mois — Archive 2022`);
  });

  it("print the satisfaction rate's own sample: the answers to the overall question", () => {
    // 6 asked, 6 answered the questionnaire, 5 of them the overall question (4 with 4 or 5).
    const i = indicatorOf(
      "satisfaction",
      { ...EMPTY_COUNTS, year: 2024, asked: 6, answered: 6, overallAnswered: 5, satisfied: 4 },
      5,
    );
    expect(i.rate).toBe(80);
    expect(i.detail).toBe("5 réponses sur 6 stagiaires");
  });
});
