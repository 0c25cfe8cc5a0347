import type { ApplicationStatusValue } from "~/features/applications";

// Where an application stands, as the candidate reads it in their space: the console's statuses
// (Reçue, En cours d'étude, Entretien planifié, Admis·e…) in the words of the e-mails they received.

export const CANDIDATE_STATUS_WORDS: Readonly<
  Record<ApplicationStatusValue, { label: string; hint: string }>
> = {
  received: { label: "Reçue", hint: "Le centre l'a bien reçue et va l'étudier." },
  reviewing: { label: "En cours d'étude", hint: "L'équipe admissions l'étudie et vous recontacte." },
  interview: { label: "Entretien proposé", hint: "Le centre vous propose un entretien." },
  admitted: { label: "Acceptée", hint: "Une place vous est réservée sur cette session." },
  waitlisted: {
    label: "Sur liste d'attente",
    hint: "La session est complète\u00a0: vous êtes prévenu·e dès qu'une place se libère.",
  },
  refused: { label: "Non retenue", hint: "Le centre n'a pas pu y donner une suite favorable." },
  withdrawn: { label: "Désistement enregistré", hint: "Vous vous êtes désisté·e de cette candidature." },
};

/** A waiting candidate to whom a freed seat is offered reads it so. */
export const SEAT_OFFERED_WORDS = {
  label: "Une place vous est proposée",
  hint: "Une place s'est libérée\u00a0: confirmez-la vite au centre.",
} as const;
