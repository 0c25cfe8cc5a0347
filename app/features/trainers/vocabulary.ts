/**
 * The trainers register's words: the kinds of document kept on a trainer, and how far ahead an
 * expiring one is announced. Plain values, no imports: the schema, the server and the screens read them.
 */

/** What a trainer's document is: a CV, a diploma or title, their contract, anything else. */
export const TRAINER_DOCUMENT_KINDS = ["cv", "diplome", "contrat", "autre"] as const;
export type TrainerDocumentKind = (typeof TRAINER_DOCUMENT_KINDS)[number];

export const TRAINER_DOCUMENT_KIND_LABELS: Readonly<Record<TrainerDocumentKind, string>> = {
  cv: "CV",
  diplome: "Diplôme ou titre",
  contrat: "Contrat",
  autre: "Autre document",
};

/** A document expiring within this many months (or expired) is to renew: the dashboard and an e-mail say so. */
export const EXPIRY_WARNING_MONTHS = 1;

/** 'Marie Curie': how the timetable, the documents and the screens name a trainer. */
export const trainerName = (t: { firstName: string; lastName: string }) =>
  `${t.firstName} ${t.lastName}`.trim();
