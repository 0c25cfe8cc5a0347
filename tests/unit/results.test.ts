import { describe, expect, it } from "vitest";
import {
  archiveLabel,
  centreFigures,
  type FormationResult,
  resultSource,
} from "~/features/catalogue/results";

const r = (kind: FormationResult["kind"], year: number, rate: number, sample: number): FormationResult => ({
  kind,
  year,
  rate,
  sample,
});

describe("recorded results", () => {
  it("says a rate's year and sample size, and an archive's year and source, in French typography", () => {
    expect(resultSource(r("satisfaction", 2025, 98, 214))).toBe("2025, 214 répondants");
    expect(resultSource(r("reussite", 2024, 100, 1))).toBe("2024, 1 candidat");
    expect(archiveLabel({ year: 2024, source: "enquête interne" })).toBe(
      "Archive 2024, source\u00a0: enquête interne",
    );
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
