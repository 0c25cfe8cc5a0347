import { formatDay } from "~/features/catalogue";

/**
 * The documents staff make for a learner, as the console names them. The agreement is one document
 * for staff (one button), kept as a convention or a contrat depending on who pays; the attestation
 * de fin de formation closes the formation.
 */
export const DOCUMENT_TYPES = ["convocation", "agreement", "attestation"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The last segment of a document's preview URL (/admin/stagiaires/:id/apercu/:slug). */
export const DOCUMENT_SLUGS: Record<DocumentType, string> = {
  convocation: "convocation",
  agreement: "convention-ou-contrat",
  attestation: "attestation-de-fin-de-formation",
};

export const documentTypeOf = (slug: string | undefined): DocumentType | null =>
  DOCUMENT_TYPES.find((type) => DOCUMENT_SLUGS[type] === slug) ?? null;

/**
 * The attestation de fin de formation is handed over at the end of the training (Code du travail,
 * art. L. 6353-1: "à l'issue de la formation"), when the hours it states are final: from the session's
 * last day. Before, `lead` and that day, the reason staff read; null when it can be sent.
 */
const fromLastDay = (endDate: string, today: string, lead: string): string | null =>
  today >= endDate ? null : `${lead} à partir du ${formatDay(endDate)}, dernier jour de la session.`;

/** One learner's attestation: from the session's last day, or at once for a learner who dropped out. */
export const attestationNotYet = (learner: { status: string; endDate: string }, today: string) =>
  learner.status === "dropped_out"
    ? null
    : fromLastDay(learner.endDate, today, "L'attestation de fin de formation s'envoie");

/** A whole session's 'Envoyer les attestations' (a learner who dropped out has theirs from their row). */
export const sessionAttestationsNotYet = (session: { endDate: string }, today: string) =>
  fromLastDay(session.endDate, today, "Les attestations de fin de formation s'envoient");
