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
