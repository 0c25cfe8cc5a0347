/**
 * The 'Questionnaire de positionnement': ready-made, the same for every formation but for the
 * formation's prerequisites it quotes. Browser-safe: the answering page lays it out with the surveys'
 * form, the server checks the answers with the surveys' rules against the same list.
 */
import type { AskedQuestion } from "~/features/surveys";

export const POSITIONING_TITLE = "Questionnaire de positionnement";

/** The questions' keys, in their order; the form's fields are 'q-<key>'. */
export const POSITIONING_KEYS = [
  "needs",
  "level",
  "prior",
  "prerequisites",
  "prerequisitesDetail",
  "adaptation",
  "adaptationDetail",
] as const;
export type PositioningKey = (typeof POSITIONING_KEYS)[number];

export const LEVEL_OPTIONS = [
  "Je découvre le sujet",
  "J'en ai quelques notions",
  "Je le pratique déjà régulièrement",
  "Je le maîtrise et souhaite me perfectionner",
];

/** What a learner is asked, and how the prerequisites are quoted (none: the question is left out). */
export function positioningQuestions(
  prerequisites: string | null,
): (AskedQuestion & { id: PositioningKey })[] {
  const asked = prerequisites?.trim();
  const all: (AskedQuestion & { id: PositioningKey })[] = [
    {
      id: "needs",
      type: "text",
      label: "Quels sont vos besoins et vos objectifs pour cette formation\u00a0?",
      required: true,
      options: [],
    },
    {
      id: "level",
      type: "choice",
      label: "Où en êtes-vous aujourd'hui dans le domaine de la formation\u00a0?",
      required: true,
      options: LEVEL_OPTIONS,
    },
    {
      id: "prior",
      type: "text",
      label:
        "Que connaissez-vous déjà du sujet\u00a0? Décrivez votre expérience et vos acquis (formations suivies, expérience professionnelle ou personnelle).",
      required: true,
      options: [],
    },
    {
      id: "prerequisites",
      type: "yes_no",
      label: `Les prérequis de la formation sont\u00a0: «\u00a0${asked}\u00a0». Remplissez-vous ces prérequis\u00a0?`,
      required: true,
      options: [],
    },
    {
      id: "prerequisitesDetail",
      type: "text",
      label: "Expliquez votre réponse sur les prérequis (diplôme, expérience, ce qui vous manque)",
      required: false,
      options: [],
    },
    {
      id: "adaptation",
      type: "yes_no",
      label:
        "Avez-vous besoin d'une adaptation pour suivre la formation (situation de handicap, problème de santé, contrainte d'horaires ou de transport)\u00a0? Répondre est facultatif.",
      required: false,
      options: [],
    },
    {
      id: "adaptationDetail",
      type: "text",
      label: "Si vous le souhaitez, décrivez l'adaptation dont vous auriez besoin (facultatif, confidentiel)",
      required: false,
      options: [],
    },
  ];
  return asked ? all : all.filter((q) => q.id !== "prerequisites" && q.id !== "prerequisitesDetail");
}

/** The centre's disability referent as the questionnaire's introduction names them, when set. */
export interface Referent {
  name: string;
  email: string;
  phone: string;
}

/** The words above the questions: what the answers are for, and that speaking of a disability is voluntary. */
export function positioningIntro(referent: Referent | null): string[] {
  const lines = [
    "Ce questionnaire nous aide à connaître vos besoins, vos acquis et votre situation avant votre entrée en formation, pour adapter le parcours si nécessaire. Il ne prend que quelques minutes.",
    "Les questions sur une adaptation sont facultatives\u00a0: vous êtes libre d'en parler ou non. Vos réponses ne sont lues que par l'équipe qui suit les stagiaires.",
  ];
  const name = referent?.name.trim();
  if (name) {
    const contact = [referent?.email.trim(), referent?.phone.trim()].filter(Boolean).join(", ");
    lines.push(
      `Vous pouvez aussi contacter directement notre référent·e handicap, ${name}${contact ? ` (${contact})` : ""}.`,
    );
  }
  return lines;
}

/** An answer as the learner's file shows it: 'oui'/'non' in words, the rest as given. */
export const answerText = (answer: string) => (answer === "oui" ? "Oui" : answer === "non" ? "Non" : answer);
