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
 * last day, or once the learner has dropped out. Before, why it cannot be sent yet; null when it can.
 */
export function attestationNotYet(
  learner: { status: string; endDate: string },
  today: string,
): string | null {
  if (learner.status === "dropped_out" || today >= learner.endDate) return null;
  return `L'attestation de fin de formation s'envoie à partir du ${formatDay(learner.endDate)}, dernier jour de la session.`;
}

/** The same rule for a whole session's 'Envoyer les attestations' (a learner who dropped out: on their row). */
export function sessionAttestationsNotYet(session: { endDate: string }, today: string): string | null {
  if (today >= session.endDate) return null;
  return `Les attestations de fin de formation s'envoient à partir du ${formatDay(session.endDate)}, dernier jour de la session.`;
}
