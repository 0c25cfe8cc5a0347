// The personal spaces' words, shared by the server and the pages.

/** What a membership opens: a learner's file, a payer's (its company contact), a trainer's. */
export const SPACE_ROLES = ["learner", "payer", "trainer"] as const;
export type SpaceRole = (typeof SPACE_ROLES)[number];

export const SPACE_ROLE_LABELS: Readonly<Record<SpaceRole, string>> = {
  learner: "Stagiaire",
  payer: "Entreprise ou financeur",
  trainer: "Formateur·rice",
};

/** Said on the sign-in page whatever the address: nobody learns who is invited. */
export const LINK_SENT =
  "Si cette adresse a accès à un espace personnel, un lien de connexion vient de lui être envoyé. Il est valable 15\u00a0minutes et ne sert qu'une fois.";

/** A link used a second time, expired, or altered. */
export const LINK_REFUSED = "Ce lien de connexion a déjà servi ou a expiré. Demandez-en un nouveau.";

/** A sent document as the learner's space lists it. */
export const DOCUMENT_TITLES: Readonly<Record<string, string>> = {
  convocation: "Convocation",
  convention: "Convention de formation",
  contrat: "Contrat de formation",
  attestation: "Attestation de fin de formation",
  certificate: "Certificat de réalisation",
};
