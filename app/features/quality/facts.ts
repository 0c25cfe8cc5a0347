/**
 * What the Qualiopi board's rules (rules.ts) read and answer: the centre's facts as board.server.ts
 * counts them, an indicator's state, and one rule's outcome. Types and labels only; browser-safe.
 */
import type { AbsenceAlertFacts } from "./attendance-rule";
import type { EntryFacts } from "./positioning-rules";
import type { WatchKind } from "./vocabulary";

/** What the centre's records hold, counted over the last 12 months where time matters. */
export interface QualityFacts {
  formations: {
    published: number;
    /** Published formations whose course record lacks a Qualiopi item, with the items. */
    incomplete: { id: string; title: string; missing: string[] }[];
    withObjectives: number;
    withContent: number;
    /** Published formations leading to a certification, and those whose certification items are complete. */
    certifying: number;
    certifyingComplete: number;
    latestUpdate: string | null;
  };
  /** Published formations, and those showing at least one result (a rate or an archive). */
  results: { published: number; shown: number };
  applications: { recent: number; withNeeds: number };
  /** Learners of sessions started in the last 12 months: their needs analysed, their positioning (4, 8). */
  entries: EntryFacts;
  /** Learners of sessions started in the last 12 months, and those convoked before the first day. */
  convocations: { learners: number; convoked: number };
  /** Learners (not dropped out) of sessions ended in the last 12 months, and those sent their attestation. */
  attestations: { learners: number; attested: number };
  /** Past slots (12 months) of sessions with learners, those with attendance taken; slots with a trainer. */
  slots: { past: number; withAttendance: number; planned: number; withTrainer: number };
  absences: number;
  dropouts: number;
  /** Absence alerts of 12 months and those followed up (indicator 12). */
  absenceAlerts: AbsenceAlertFacts;
  /** Learners of certifying formations whose certification outcome is recorded (12 months). */
  certificationOutcomes: number;
  articles: number;
  trainers: { active: number; qualified: number };
  watch: Record<WatchKind, { count: number; latest: string | null }>;
  partners: number;
  referentName: string;
  stakeholders: { learnersAnswered: number; othersAnswered: number; othersGroups: string[] };
  complaints: { recent: number; late: number; delayDays: number };
  improvements: { doneWithResult: number; open: number };
}

export type IndicatorState = "proven" | "incomplete" | "not_applicable";

export const INDICATOR_STATE_LABELS: Readonly<Record<IndicatorState, string>> = {
  proven: "Prouvé",
  incomplete: "À compléter",
  not_applicable: "Non applicable",
};

export interface Evidence {
  text: string;
  href?: string;
}

export interface RuleOutcome {
  evidence: Evidence[];
  proven: boolean;
  /** What is missing, one French sentence (read only when not proven). */
  missing: string;
  fix: { href: string; label: string };
}

export type Rule = (f: QualityFacts) => RuleOutcome;
