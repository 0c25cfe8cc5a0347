import { describe, expect, it } from "vitest";
import { centreFigures, type FormationResult, resultSentence } from "~/features/catalogue/results";

const r = (kind: FormationResult["kind"], year: number, rate: number, sample: number): FormationResult => ({
  kind,
  year,
  rate,
  sample,
});

describe("recorded results", () => {
  it("says a rate with its year and sample size, in French typography", () => {
    expect(resultSentence(r("satisfaction", 2025, 98, 214))).toBe(
      "98\u202f% de satisfaction — 2025, 214 répondants",
    );
    expect(resultSentence(r("reussite", 2024, 100, 1))).toBe("100\u202f% de réussite — 2024, 1 candidat");
  });

  it("weights each formation by its sample, keeps the latest year, and leaves out kinds nobody recorded", () => {
    const figures = centreFigures([
      [r("satisfaction", 2025, 90, 10), r("satisfaction", 2024, 10, 1000)],
      [r("satisfaction", 2025, 100, 30), r("insertion", 2023, 70, 20)],
      [],
    ]);
    expect(figures).toEqual([r("satisfaction", 2025, 98, 40), r("insertion", 2023, 70, 20)]);
    expect(centreFigures([[], []])).toEqual([]);
  });
});
