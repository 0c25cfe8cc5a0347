/**
 * Indicators 4 (analysis of each learner's needs) and 8 (positioning at entry), read from the learners
 * who started a session in the last 12 months and their positioning questionnaire (features/positioning)
 * or, for the needs, their application's situation and motivation. Pure and browser-safe, like rules.ts,
 * whose entries 4 and 8 call these; kept apart for their length.
 */
import { plural } from "~/platform/plural";

/** The learners of sessions started in 12 months and what is on record of their needs and positioning. */
export interface EntryFacts {
  learners: number;
  answered: number;
  decided: number;
  analysed: number;
}

/** The applications of 12 months, and those with situation and motivation. */
export interface ApplicationNeeds {
  recent: number;
  withNeeds: number;
}

interface Outcome {
  evidence: { text: string; href?: string }[];
  proven: boolean;
  missing: string;
  fix: { href: string; label: string };
}

const LEARNERS = { href: "/admin/stagiaires", label: "Stagiaires" };

const started = (n: number) =>
  `${plural(n, "stagiaire entré·e", "stagiaires entré·es")} en formation en 12\u00a0mois (sessions commencées)`;

const NO_LEARNER =
  "Aucun·e stagiaire entré·e en formation en 12\u00a0mois\u00a0: rien à prouver encore pour cette période.";

const answeredLine = (f: EntryFacts) => ({
  text: `${plural(f.answered, "questionnaire de positionnement répondu", "questionnaires de positionnement répondus")} sur ${started(f.learners)}`,
  href: LEARNERS.href,
});

const decidedLine = (f: EntryFacts) => ({
  text: `${plural(f.decided, "adaptation décidée", "adaptations décidées")} (ou «\u00a0aucune adaptation nécessaire\u00a0») sur ${plural(f.learners, "stagiaire", "stagiaires")}`,
  href: LEARNERS.href,
});

/** Indicator 4: every learner's needs analysed, by the questionnaire or their application. */
export function needsAnalysed(f: EntryFacts, applications: ApplicationNeeds): Outcome {
  const left = f.learners - f.analysed;
  return {
    evidence: [
      {
        text: `${plural(f.analysed, "stagiaire", "stagiaires")} sur ${started(f.learners)} avec des besoins analysés (positionnement répondu, ou situation et motivation de la candidature)`,
        href: LEARNERS.href,
      },
      answeredLine(f),
      {
        text: `${plural(applications.withNeeds, "candidature", "candidatures")} sur ${applications.recent} en 12\u00a0mois avec situation et motivation`,
        href: "/admin/candidatures",
      },
    ],
    proven: f.learners > 0 && left === 0,
    missing:
      f.learners === 0
        ? NO_LEARNER
        : `${plural(left, "stagiaire", "stagiaires")} sans analyse du besoin (ni positionnement répondu, ni situation et motivation dans la candidature)\u00a0: envoyez-leur le questionnaire de positionnement depuis Stagiaires.`,
    fix: LEARNERS,
  };
}

/** Indicator 8: every learner positioned at entry (the questionnaire answered). */
export function positionedAtEntry(f: EntryFacts): Outcome {
  const left = f.learners - f.answered;
  return {
    evidence: [answeredLine(f), decidedLine(f)],
    proven: f.learners > 0 && left === 0,
    missing:
      f.learners === 0
        ? NO_LEARNER
        : `${plural(left, "stagiaire", "stagiaires")} sans questionnaire de positionnement répondu\u00a0: envoyez-le ou renvoyez-le depuis sa fiche dans Stagiaires.`,
    fix: LEARNERS,
  };
}
