// What the public form 'Faire une réclamation' offers, and the register shows, in French.

/** Who writes: anyone may complain (learner, company, funder…). */
export const AUTHOR_TYPES = [
  { id: "stagiaire", label: "Stagiaire ou ancien·ne stagiaire" },
  { id: "candidat", label: "Candidat·e" },
  { id: "entreprise", label: "Entreprise ou employeur" },
  { id: "financeur", label: "Financeur (OPCO, France Travail, Région…)" },
  { id: "formateur", label: "Formateur·rice ou intervenant·e" },
  { id: "autre", label: "Autre" },
] as const;
export type AuthorTypeId = (typeof AUTHOR_TYPES)[number]["id"];
export const AUTHOR_TYPE_IDS = AUTHOR_TYPES.map((a) => a.id) as [AuthorTypeId, ...AuthorTypeId[]];

export const COMPLAINT_CATEGORIES = [
  { id: "contenu", label: "Contenu ou déroulement de la formation" },
  { id: "pedagogie", label: "Formateur·rice, pédagogie" },
  { id: "organisation", label: "Organisation, planning, locaux" },
  { id: "accessibilite", label: "Accessibilité, handicap" },
  { id: "administratif", label: "Administratif, facturation, financement" },
  { id: "accueil", label: "Accueil, information, inscription" },
  { id: "autre", label: "Autre" },
] as const;
export type ComplaintCategoryId = (typeof COMPLAINT_CATEGORIES)[number]["id"];
export const COMPLAINT_CATEGORY_IDS = COMPLAINT_CATEGORIES.map((c) => c.id) as [
  ComplaintCategoryId,
  ...ComplaintCategoryId[],
];

const labelOf = (list: readonly { id: string; label: string }[], id: string) =>
  list.find((item) => item.id === id)?.label ?? id;
export const authorTypeLabel = (id: string) => labelOf(AUTHOR_TYPES, id);
export const categoryLabel = (id: string) => labelOf(COMPLAINT_CATEGORIES, id);

/** The session list's choice for « not in the list »: the free text field says which. */
export const OTHER_SESSION = "autre";

export const COMPLAINT_LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  organisation: 200,
  session: 200,
  description: 5000,
} as const;

export const COMPLAINT_ERRORS = {
  authorType: "Indiquez à quel titre vous écrivez",
  category: "Choisissez la catégorie de votre réclamation",
  organisationTooLong: `Le nom de la structure ne doit pas dépasser ${COMPLAINT_LIMITS.organisation} caractères`,
  session: "Choisissez une session de la liste, ou « Autre » et précisez-la",
  sessionTooLong: `La précision sur la session ne doit pas dépasser ${COMPLAINT_LIMITS.session} caractères`,
  description: "Décrivez votre réclamation (au moins 20 caractères)",
  descriptionTooLong: `La description ne doit pas dépasser ${COMPLAINT_LIMITS.description} caractères`,
} as const;

/** The confirmation's title; its description names the reference. */
export const COMPLAINT_RECEIVED_TITLE = "Réclamation enregistrée";
export const complaintReceivedText = (reference: string) =>
  `Votre réclamation est enregistrée${reference ? ` sous la référence ${reference}` : ""}. Un accusé de réception vous est envoyé par e-mail.`;
