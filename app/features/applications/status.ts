/**
 * An application's statuses, their labels, and the e-mail each change proposes to the candidate
 * (staff read and may edit the text before it leaves). Pure: the console composes the text in the
 * browser, the server sends what staff approved.
 */

import { theFormation } from "../../platform/french";

export const APPLICATION_STATUSES = [
  "received",
  "reviewing",
  "interview",
  "admitted",
  "waitlisted",
  "refused",
  "withdrawn",
] as const;

export type ApplicationStatusValue = (typeof APPLICATION_STATUSES)[number];

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatusValue, string> = {
  received: "Reçue",
  reviewing: "En cours d'étude",
  interview: "Entretien planifié",
  admitted: "Admis·e",
  waitlisted: "Liste d'attente",
  refused: "Refusé·e",
  withdrawn: "Désisté·e",
};

/** Refused and withdrawn applications are the ones purged after the retention period. */
export const CLOSED_STATUSES: readonly ApplicationStatusValue[] = ["refused", "withdrawn"];

export const SEAT_TAKEN_MESSAGE = "Plus aucune place disponible sur cette session";

export interface StatusMailContext {
  firstName: string;
  formationTitle: string;
  /** "du 4 janvier au 3 janvier 2028" */
  sessionDates: string;
  /** "lundi 7 décembre 2026 à 14:30", when an interview is planned. */
  interviewWhen?: string;
  interviewPlace?: string;
}

const SUBJECTS: Record<ApplicationStatusValue, string> = {
  received: "Votre candidature est bien reçue",
  reviewing: "Votre candidature est à l'étude",
  interview: "Invitation à un entretien",
  admitted: "Votre candidature est acceptée",
  waitlisted: "Votre candidature est sur liste d'attente",
  refused: "Réponse à votre candidature",
  withdrawn: "Votre désistement est enregistré",
};

export function statusMailSubject(status: ApplicationStatusValue, formationTitle: string): string {
  return `${SUBJECTS[status]} – ${formationTitle}`;
}

/** The proposed text of the e-mail for a change to `status`; staff may rewrite it. */
export function statusMailText(status: ApplicationStatusValue, c: StatusMailContext): string {
  const about = `votre candidature à ${theFormation(c.formationTitle)} (session ${c.sessionDates})`;
  const body: Record<ApplicationStatusValue, string> = {
    received: `Nous avons bien reçu ${about}. Nous revenons vers vous rapidement.`,
    reviewing: `Notre équipe étudie ${about}. Nous vous recontactons sous quelques jours.`,
    interview: `Suite à ${about}, nous vous proposons un entretien le ${c.interviewWhen ?? "(date à préciser)"}, ${c.interviewPlace ? `lieu : ${c.interviewPlace}` : "lieu à préciser"}.\n\nSi ce créneau ne vous convient pas, répondez à ce message pour en convenir d'un autre.`,
    admitted: `Nous avons le plaisir de vous annoncer que ${about} est acceptée. Une place vous est réservée.\n\nNous vous contactons pour finaliser votre inscription et votre financement.`,
    waitlisted: `La session est complète : ${about} est inscrite sur la liste d'attente. Nous vous prévenons dès qu'une place se libère.`,
    refused: `Après étude de ${about}, nous ne pouvons pas y donner une suite favorable.\n\nNos conseillers restent à votre disposition pour étudier d'autres parcours avec vous.`,
    withdrawn: `Nous avons bien enregistré votre désistement pour ${about}. Nous restons à votre disposition pour un projet futur.`,
  };
  return `Bonjour ${c.firstName},\n\n${body[status]}\n\nBien cordialement,\nL'équipe admissions`;
}

/** The subject of the e-mail that offers a freed seat to the first candidate on the waiting list. */
export function seatOfferMailSubject(formationTitle: string): string {
  return `Une place s'est libérée – ${formationTitle}`;
}

/** The proposed text of that e-mail; staff may rewrite it before it leaves. */
export function seatOfferMailText(
  c: Pick<StatusMailContext, "firstName" | "formationTitle" | "sessionDates">,
) {
  return `Bonjour ${c.firstName},\n\nUne place s'est libérée sur la session ${c.sessionDates} (${c.formationTitle}), pour laquelle vous êtes sur la liste d'attente. Nous vous la réservons.\n\nMerci de nous confirmer rapidement si vous souhaitez la prendre\u202f: nous finaliserons alors votre inscription et votre financement.\n\nBien cordialement,\nL'équipe admissions`;
}
