// What a walk through a fresh centre's documents and attendance found wrong, as rules: the agreement's
// total price for one learner, the attestation's assessment without an invented sentence, a full-day
// slot named as such on the sheet, an entry typed after its slot's day dated, the signing window
// checked in one place, the à-froid delay never below the insertion period, an archived insertion
// rate keeping its own period.
import { describe, expect, it } from "vitest";
import { halfDay, halfDayTitle } from "~/features/attendance/sheet";
import { outsideWindow } from "~/features/attendance/signing-window";
import { resultsField } from "~/features/catalogue/formation-fields-schema";
import { archiveTitle, INSERTION_MONTHS } from "~/features/catalogue/results";
import { priceLines } from "~/features/documents/agreement-pdf.server";
import { assessmentResult } from "~/features/documents/attestation-pdf.server";
import { archiveLine } from "~/features/indicators/indicators";
import { surveyDelaysSchema } from "~/features/surveys/delays";
import { withFullStop } from "~/platform/french";
import { otherDayText, recordedTimeText } from "~/platform/paris-time";

describe("agreements' price", () => {
  it("states the total for one learner too, net of tax or with its VAT", () => {
    expect(priceLines(1800, "payant", "exempt", 1)).toEqual([
      "Prix par stagiaire\u202f: 1\u202f800,00\u00a0€ net de taxe.",
      "Prix total pour 1 stagiaire\u202f: 1\u202f800,00\u00a0€ net de taxe.",
      expect.stringContaining("TVA non applicable"),
    ]);
    const withVat = priceLines(1000, "payant", "liable", 1);
    expect(withVat.at(-1)).toMatch(/^Prix total pour 1 stagiaire\u202f: 1\u202f000,00\u00a0€ hors taxes/);
    expect(priceLines(1000, "payant", "exempt", 3)[1]).toBe(
      "Prix total pour 3 stagiaires\u202f: 3\u202f000,00\u00a0€ net de taxe.",
    );
  });
});

describe("the attestation's assessment", () => {
  const formation = {
    title: "Gestion de la paie",
    objectives: [],
    duration: "35 heures",
    certifying: false,
    certification: null,
    bpfObjective: null,
  };
  const learner = {
    firstName: "Karim",
    lastName: "Haddad",
    status: "enrolled" as const,
    abandonedOn: null,
    certificationOutcome: null,
    traineeCategory: null,
  };

  it("says only what the records hold for a formation without certification: no claim of when it was assessed", () => {
    const lines = assessmentResult({
      learner,
      formation: { ...formation, assessmentMethods: "Quiz en fin de module et cas pratique final" },
    });
    expect(lines).toEqual([
      "Formation sans certification.",
      "Modalités d'évaluation des acquis\u202f: Quiz en fin de module et cas pratique final.",
    ]);
    expect(lines.join(" ")).not.toContain("en cours et en fin de formation");
    expect(assessmentResult({ learner, formation: { ...formation, assessmentMethods: " " } })).toEqual([
      "Formation sans certification.",
    ]);
  });

  it("ends a sentence staff typed with one full stop", () => {
    expect(withFullStop("Quiz final")).toBe("Quiz final.");
    expect(withFullStop("Quiz final.")).toBe("Quiz final.");
    expect(withFullStop("Quel niveau ?")).toBe("Quel niveau ?");
  });
});

describe("the attendance sheet", () => {
  it("names a slot running past 14 h from the morning a whole day, not a morning", () => {
    expect(halfDay({ startMinute: 9 * 60, endMinute: 17 * 60 })).toBe("journée");
    expect(halfDay({ startMinute: 9 * 60, endMinute: 12 * 60 + 30 })).toBe("matin");
    expect(halfDay({ startMinute: 13 * 60 + 30, endMinute: 17 * 60 })).toBe("après-midi");
    expect(halfDayTitle({ startMinute: 9 * 60, endMinute: 17 * 60 })).toBe("Journée");
  });

  it("dates an entry recorded another day than its slot's ('Tous présents' two days later)", () => {
    // Sunday 29 November 2026, 6 h 25 min 33 s in Paris (winter time, UTC+1).
    const at = new Date("2026-11-29T05:25:33Z");
    expect(otherDayText(at, "2026-11-29")).toBeNull();
    expect(recordedTimeText(at, "2026-11-29")).toBe("à 6\u00a0h\u00a025\u00a0min\u00a033\u00a0s");
    expect(otherDayText(at, "2026-11-27")).toBe("29/11/2026");
    expect(recordedTimeText(at, "2026-11-27")).toBe(
      "le 29/11/2026 à 6\u00a0h\u00a025\u00a0min\u00a033\u00a0s",
    );
  });

  it("checks the signing window in one place: early with its opening, closed after the end, else open", () => {
    const slot = { day: "2026-11-29", startMinute: 9 * 60, endMinute: 12 * 60 };
    expect(outsideWindow(slot, new Date("2026-11-29T07:30:00Z"))).toEqual({
      state: "early",
      opensAt: new Date("2026-11-29T07:45:00Z"),
    });
    expect(outsideWindow(slot, new Date("2026-11-29T08:00:00Z"))).toBeNull();
    expect(outsideWindow(slot, new Date("2026-11-29T11:00:00Z"))).toEqual({ state: "closed" });
  });
});

describe("the à-froid survey's delay", () => {
  it("is never shorter than the insertion rate's period, with a French message", () => {
    const delays = { reminderDelayDays: "7", openDays: "30" };
    for (const months of ["1", "2"]) {
      const parsed = surveyDelaysSchema.safeParse({ ...delays, coldDelayMonths: months });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({
        path: ["coldDelayMonths"],
        message: `Un nombre de mois entre ${INSERTION_MONTHS} et 24\u00a0: le taux d'insertion à ${INSERTION_MONTHS} mois ne compte que les réponses données au moins ${INSERTION_MONTHS} mois après la fin de la session`,
      });
    }
    expect(surveyDelaysSchema.safeParse({ ...delays, coldDelayMonths: "3" }).success).toBe(true);
  });
});

describe("archived insertion rates", () => {
  const archive = { kind: "insertion" as const, year: 2022, rate: 70, sample: 20, source: "enquête interne" };

  it("keep the period they were archived with, whatever the site computes today", () => {
    expect(archiveTitle({ ...archive, months: 6 })).toBe("Taux d'insertion à 6 mois");
    expect(archiveLine({ ...archive, months: 6 })).toBe(
      "70\u202f% — Taux d'insertion à 6 mois — Archive 2022, source\u00a0: enquête interne (20 sortants)",
    );
    expect(archiveTitle({ kind: "reussite" })).toBe("Taux de réussite");
  });

  it("are kept with today's period when typed now, and with their own when edited", () => {
    const typed = resultsField.parse(JSON.stringify([archive, { ...archive, kind: "reussite" }]));
    expect(typed).toEqual([
      { ...archive, months: INSERTION_MONTHS },
      { ...archive, kind: "reussite" },
    ]);
    expect(resultsField.parse(JSON.stringify([{ ...archive, months: 6 }]))).toEqual([
      { ...archive, months: 6 },
    ]);
  });
});
