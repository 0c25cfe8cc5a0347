// The personal spaces' addresses, shared by the server (redirects, e-mails) and the pages' links.

/** The space's home: the person's roles, one section each. */
export const SPACE_HOME = "/espace";
/** The sign-in page: a sign-in link by e-mail, or a password for those who set one. */
export const SPACE_SIGN_IN = "/espace/connexion";
/** Setting or changing one's password, inside the space. */
export const SPACE_PASSWORD = "/espace/mot-de-passe";

/** A learner's file in their space (one per session they follow). */
export const learnerSpaceHref = (learnerId: string) => `/espace/stagiaire/${learnerId}`;

/** The sign-in page, coming back to `path` once signed in (only a path of the space). */
export function signInHref(path?: string): string {
  return path?.startsWith(`${SPACE_HOME}/`) && path !== SPACE_SIGN_IN
    ? `${SPACE_SIGN_IN}?redirectTo=${encodeURIComponent(path)}`
    : SPACE_SIGN_IN;
}

/** One of the learner's sent documents, downloaded from their space. */
export const learnerDocumentHref = (learnerId: string, documentId: string) =>
  `/espace/stagiaire/${learnerId}/documents/${documentId}`;

/** The complaint form, its session chosen ('Faire une réclamation' about one of their sessions). */
export const complaintHref = (sessionId: string) => `/reclamation?session=${encodeURIComponent(sessionId)}`;

/** A company's space: its employees in training, its conventions to sign, its quotes and invoices. */
export const companySpaceHref = (payerId: string) => `/espace/entreprise/${payerId}`;

/** An employee's attestation or certificat, downloaded from the company's space. */
export const companyDocumentHref = (payerId: string, learnerId: string, documentId: string) =>
  `${companySpaceHref(payerId)}/stagiaires/${learnerId}/documents/${documentId}`;

/** An issued invoice or credit note of the company, as the console's PDF. */
export const companyInvoiceHref = (payerId: string, invoiceId: string) =>
  `${companySpaceHref(payerId)}/factures/${invoiceId}`;

/** A sent quote to the company, as it was e-mailed. */
export const companyQuoteHref = (payerId: string, quoteId: string) =>
  `${companySpaceHref(payerId)}/devis/${quoteId}`;
/** A document a learner sent on request, downloaded by staff (Stagiaires). */
export const requestedDocumentHref = (requestId: string) => `/admin/stagiaires/pieces/${requestId}`;

/** A trainer's space: their sessions, slots, learners and documents. */
export const trainerSpaceHref = (trainerId: string) => `/espace/formateur/${trainerId}`;

/** One of the trainer's documents of the register, downloaded from their space. */
export const trainerDocumentHref = (trainerId: string, documentId: string) =>
  `/espace/formateur/${trainerId}/documents/${documentId}`;

/** The émargement of one of the trainer's slots, in their space. */
export const trainerSlotHref = (trainerId: string, slotId: string) =>
  `/espace/formateur/${trainerId}/creneaux/${slotId}`;
