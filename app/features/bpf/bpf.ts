/**
 * The Bilan pédagogique et financier (cerfa 10443) as far as the console's records tell it: which
 * line of sections F-1 (type of learner), F-3 (objective) and F-4 (speciality) each learner goes to,
 * and the sections the console cannot know. Pure and browser-safe: the server counts with it, the
 * screen labels with it.
 */
import {
  type FormationBpfObjective,
  type FormationLevel,
  parseCertificationCode,
} from "~/features/catalogue";
import { LEARNER_CATEGORY_LABELS, type LearnerCategory, TRAINEE_CATEGORIES } from "~/features/learners";
import { nsfLabel } from "./nsf";

/** F-1: the learner's type, or 'not said yet' (a line of its own, so the totals stay whole). */
export type F1Line = LearnerCategory | "unknown";
export const F1_LINES: readonly F1Line[] = [...TRAINEE_CATEGORIES, "unknown"];
export const F1_LABELS: Record<F1Line, string> = {
  ...LEARNER_CATEGORY_LABELS,
  unknown: "Type de stagiaire non renseigné (à compléter dans Stagiaires)",
};

/** F-3: RNCP by exit level, RS, CQP in no register, other, skills assessments, VAE. */
export const F3_LINES = [
  "rncp_6_8",
  "rncp_5",
  "rncp_4",
  "rncp_3",
  "rncp_2",
  "rncp_cqp",
  "rncp_unknown",
  "rs",
  "cqp",
  "other",
  "skills_assessment",
  "vae",
] as const;
export type F3Line = (typeof F3_LINES)[number];
export const F3_LABELS: Record<F3Line, string> = {
  rncp_6_8: "RNCP, niveau 6 à 8 (licence, master, diplôme d'ingénieur, doctorat…)",
  rncp_5: "RNCP, niveau 5 (BTS, DUT…)",
  rncp_4: "RNCP, niveau 4 (bac professionnel, BT, BP…)",
  rncp_3: "RNCP, niveau 3 (CAP, BEP…)",
  rncp_2: "RNCP, niveau 2",
  rncp_cqp: "RNCP, CQP sans niveau de qualification",
  rncp_unknown: "RNCP, niveau de sortie non renseigné (à compléter dans la formation)",
  rs: "Certification ou habilitation inscrite au répertoire spécifique (RS)",
  cqp: "CQP non enregistré au RNCP ni au RS",
  other: "Autres formations professionnelles",
  skills_assessment: "Bilans de compétences",
  vae: "Accompagnement à la VAE",
};
/** Lines the cerfa does not have: shown only when a learner falls there, as something to fix. */
export const TO_COMPLETE: ReadonlySet<string> = new Set(["f1-unknown", "f3-rncp_unknown", "f4-unknown"]);

/** What of a formation decides its F-3 line. */
export interface FormationObjectiveFacts {
  certifying: boolean;
  rncpCode: string | null;
  exitLevel: FormationLevel | null;
  bpfObjective: FormationBpfObjective | null;
}

const RNCP_BY_LEVEL: Record<FormationLevel, F3Line> = {
  "sans-niveau": "rncp_cqp",
  "niveau-3": "rncp_3",
  "niveau-4": "rncp_4",
  "niveau-5": "rncp_5",
  "niveau-6": "rncp_6_8",
  "niveau-7": "rncp_6_8",
};

/**
 * The formation's F-3 line: what staff said where the certification cannot tell (a CQP in no
 * register, a skills assessment, a VAE support); else a certifying formation's RNCP code by its exit
 * level (no level: a CQP without one), its RS code as RS; anything else is 'autre formation'.
 */
export function objectiveOf(f: FormationObjectiveFacts): F3Line {
  if (f.bpfObjective) return f.bpfObjective;
  const code = f.certifying ? parseCertificationCode(f.rncpCode) : null;
  if (code?.register === "rs") return "rs";
  if (code?.register === "rncp") return f.exitLevel ? RNCP_BY_LEVEL[f.exitLevel] : "rncp_unknown";
  return "other";
}

/** F-4: the formation's first NSF code is its main speciality; the five most followed are named. */
export const F4_NAMED = 5;
export const f4Label = (key: string): string =>
  key === "others"
    ? "Autres spécialités"
    : key === "unknown"
      ? "Code NSF non renseigné (à compléter dans la formation)"
      : nsfLabel(key);

/** One line of a section: its learners and their hours (in minutes, as attendance counts them). */
export interface BpfLine {
  /** 'f1-jobseeker', 'f3-rncp_5', 'f4-326': the ?ligne= of its list of learners. */
  id: string;
  label: string;
  learners: number;
  minutes: number;
  /** A line of the RNCP group, indented under it. */
  sub?: boolean;
}

export interface BpfSection {
  id: "f1" | "f3" | "f4";
  title: string;
  lines: BpfLine[];
  total: { learners: number; minutes: number };
}

/** Section E as far as the timetable tells: each trainer's name on the year's slots and their hours. */
export interface BpfTrainers {
  people: { name: string; minutes: number }[];
  minutes: number;
  /** Slots of the year with no trainer named: their hours are nobody's. */
  unnamedMinutes: number;
}

/** A learner a figure counts, as its list and CSV show them. */
export interface BpfLearner {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  anonymised: boolean;
  formationTitle: string;
  startDate: string;
  endDate: string;
  f1: F1Line;
  f3: F3Line;
  /** The main NSF code, null when the formation has none. */
  nsf: string | null;
  minutes: number;
}

/** The cerfa's sections the console cannot fill, and why: said on the screen as such. */
export const UNKNOWN_SECTIONS: readonly { section: string; why: string }[] = [
  {
    section: "A et B – Identification et caractéristiques de l'organisme",
    why: "à recopier depuis le numéro de déclaration d'activité et le SIRET (Paramètres) ; la console ne connaît pas la forme juridique ni le dirigeant.",
  },
  {
    section: "C – Origine des produits (bilan financier)",
    why: "la section C ci-dessus ne compte que les factures et avoirs émis dans la console ; les produits facturés ailleurs, et les lignes 3, 4, 5 et 11 qu'une facture ne permet pas de reconnaître, sont à reprendre de la comptabilité.",
  },
  {
    section: "D – Charges de l'organisme",
    why: "salaires des formateur·rices, achats de prestations et sous-traitance : comptabilité.",
  },
  {
    section: "E – Statut des formateur·rices",
    why: "le planning nomme les formateur·rices et leurs heures, pas s'ils ou elles sont salarié·es du centre ou extérieur·es (sous-traitance) : à répartir à la main.",
  },
  {
    section: "F-2 – Activité sous-traitée",
    why: "les stagiaires qu'un autre organisme a confiés au centre ne sont pas distingués des autres.",
  },
  {
    section: "G – Formations confiées à un autre organisme",
    why: "la console ne suit que les sessions réalisées par le centre.",
  },
];

/** Which learners a ?ligne= value designates: a line's id, 'all' (every counted one) or 'none'. */
export function learnerInLine(l: BpfLearner, line: string, namedNsf: ReadonlySet<string>): boolean {
  if (line === "all") return l.minutes > 0;
  if (line === "none") return l.minutes === 0;
  if (l.minutes === 0) return false;
  if (line === `f1-${l.f1}`) return true;
  if (line === `f3-${l.f3}`) return true;
  if (line === "f3-rncp") return l.f3.startsWith("rncp_");
  if (line === "f4-unknown") return l.nsf === null;
  if (line === "f4-others") return l.nsf !== null && !namedNsf.has(l.nsf);
  return l.nsf !== null && line === `f4-${l.nsf}` && namedNsf.has(l.nsf);
}

/** The year a ?annee= asks (2000–2100), or null for the default one. */
export function yearFrom(params: URLSearchParams): number | null {
  const value = params.get("annee") ?? "";
  if (!/^\d{4}$/.test(value)) return null;
  const year = Number(value);
  return year >= 2000 && year <= 2100 ? year : null;
}

/** Hours as the cerfa asks them, from minutes: '12,5' (one decimal at most). */
export function hoursOf(minutes: number): string {
  return (Math.round((minutes / 60) * 10) / 10).toLocaleString("fr-FR", { maximumFractionDigits: 1 });
}
