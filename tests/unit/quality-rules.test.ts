// The Qualiopi board's rules table: one rule per indicator of the référentiel, and indicator 30's rule
// (stakeholders' appreciations), whose 'Prouvé' needs learners and at least one other audience.
import { describe, expect, it } from "vitest";
import { INDICATORS } from "~/features/quality/referential";
import { type QualityFacts, RULES } from "~/features/quality/rules";

const NONE = { count: 0, latest: null };

const facts = (stakeholders: QualityFacts["stakeholders"]): QualityFacts => ({
  formations: {
    published: 0,
    incomplete: [],
    withObjectives: 0,
    withContent: 0,
    certifying: 0,
    certifyingComplete: 0,
    latestUpdate: null,
  },
  results: { published: 0, shown: 0 },
  applications: { recent: 0, withNeeds: 0 },
  convocations: { learners: 0, convoked: 0 },
  attestations: { learners: 0, attested: 0 },
  slots: { past: 0, withAttendance: 0, planned: 0, withTrainer: 0 },
  absences: 0,
  dropouts: 0,
  certificationOutcomes: 0,
  articles: 0,
  trainers: { active: 0, qualified: 0 },
  watch: { legal: NONE, jobs: NONE, pedagogy: NONE },
  partners: 0,
  referentName: "",
  stakeholders,
  complaints: { recent: 0, late: 0, delayDays: 30 },
  improvements: { doneWithResult: 0, open: 0 },
});

describe("Qualiopi rules", () => {
  it("has one rule per indicator of the référentiel", () => {
    expect(Object.keys(RULES).map(Number)).toEqual(INDICATORS.map((i) => i.number));
  });

  it("30 is proven by learners and another audience answering, not by learners alone", () => {
    const rule = RULES[30];
    if (!rule) throw new Error("no rule 30");
    expect(rule(facts({ learnersAnswered: 12, othersAnswered: 0, othersGroups: [] })).proven).toBe(false);
    expect(rule(facts({ learnersAnswered: 0, othersAnswered: 3, othersGroups: ["Employeurs"] })).proven).toBe(
      false,
    );
    const proven = rule(facts({ learnersAnswered: 12, othersAnswered: 3, othersGroups: ["Employeurs"] }));
    expect(proven.proven).toBe(true);
    expect(proven.evidence.map((e) => e.text)).toEqual([
      "12 réponses de stagiaires en 12\u00a0mois",
      "3 réponses d'autres parties prenantes (Employeurs)",
    ]);
  });
});
