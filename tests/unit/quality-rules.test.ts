// The Qualiopi board's rules table: one rule per indicator of the référentiel, and indicator 30's rule
// (stakeholders' appreciations), whose 'Prouvé' needs learners and at least one other audience, and
// indicator 12's (attendance), whose 'Prouvé' needs attendance recorded and every absence alert followed up.
import { describe, expect, it } from "vitest";
import { INDICATORS } from "~/features/quality/referential";
import { type QualityFacts, RULES } from "~/features/quality/rules";

const NONE = { count: 0, latest: null };
const NO_ANSWERS = { learnersAnswered: 0, othersAnswered: 0, othersGroups: [] };

const facts = (
  stakeholders: QualityFacts["stakeholders"],
  entries: QualityFacts["entries"] = { learners: 0, answered: 0, decided: 0, analysed: 0 },
): QualityFacts => ({
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
  entries,
  convocations: { learners: 0, convoked: 0 },
  attestations: { learners: 0, attested: 0 },
  slots: { past: 0, withAttendance: 0, planned: 0, withTrainer: 0 },
  absences: 0,
  dropouts: 0,
  absenceAlerts: { alerts: 0, followedUp: 0, openLearnerId: null },
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

  it("12 is proven by attendance recorded with every absence alert followed up; an open one links to its learner", () => {
    const rule = RULES[12];
    if (!rule) throw new Error("no rule 12");
    const recorded = {
      ...facts(NO_ANSWERS),
      slots: { past: 4, withAttendance: 4, planned: 4, withTrainer: 0 },
    };
    expect(rule(facts(NO_ANSWERS)).proven).toBe(false);
    expect(rule(recorded).proven).toBe(true);
    const open = rule({ ...recorded, absenceAlerts: { alerts: 2, followedUp: 1, openLearnerId: "l-1" } });
    expect(open.proven).toBe(false);
    expect(open.missing).toBe(
      "1 alerte d'absences sans suivi\u00a0: notez l'appel, l'entretien ou l'abandon sur la fiche du ou de la stagiaire.",
    );
    expect(open.fix.href).toBe("/admin/stagiaires/l-1/suivi");
    expect(open.evidence.map((e) => e.text)).toContain("2 alertes d'absences en 12\u00a0mois, 1 suivie");
    const followed = rule({ ...recorded, absenceAlerts: { alerts: 2, followedUp: 2, openLearnerId: null } });
    expect(followed.proven).toBe(true);
  });

  it("8 is proven when every learner who entered answered the positioning, 4 when every one's needs are analysed", () => {
    const [needs, positioning] = [RULES[4], RULES[8]];
    if (!needs || !positioning) throw new Error("no rule 4 or 8");
    const none = { learnersAnswered: 0, othersAnswered: 0, othersGroups: [] };
    const partly = facts(none, { learners: 3, answered: 1, decided: 1, analysed: 2 });
    expect(positioning(partly).proven).toBe(false);
    expect(positioning(partly).missing).toBe(
      "2 stagiaires sans questionnaire de positionnement répondu\u00a0: envoyez-le ou renvoyez-le depuis sa fiche dans Stagiaires.",
    );
    expect(positioning(partly).fix.href).toBe("/admin/stagiaires");
    expect(needs(partly).missing).toMatch(/^1 stagiaire sans analyse du besoin/);
    const all = facts(none, { learners: 3, answered: 3, decided: 2, analysed: 3 });
    expect(positioning(all).proven).toBe(true);
    expect(needs(all).proven).toBe(true);
    expect(positioning(all).evidence.map((e) => e.text)).toEqual([
      "3 questionnaires de positionnement répondus sur 3 stagiaires entré·es en formation en 12\u00a0mois (sessions commencées)",
      "2 adaptations décidées (ou «\u00a0aucune adaptation nécessaire\u00a0») sur 3 stagiaires",
    ]);
    // Nobody entered: nothing proves the indicator yet.
    expect(positioning(facts(none)).proven).toBe(false);
  });
});
