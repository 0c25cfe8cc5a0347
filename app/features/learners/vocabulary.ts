/**
 * A learner's statuses, certification outcomes and origins, with their French labels. Plain
 * constants without imports: the database schema builds its enums from them (drizzle-kit reads this
 * file too), the console and the CSV speak the labels.
 */

/** Where a learner is in the session: enrolled, training, finished, or dropped out (with its date). */
export const LEARNER_STATUSES = ["enrolled", "in_training", "completed", "dropped_out"] as const;
export type LearnerStatus = (typeof LEARNER_STATUSES)[number];

export const LEARNER_STATUS_LABELS: Record<LearnerStatus, string> = {
  enrolled: "Inscrit·e",
  in_training: "En formation",
  completed: "Terminé·e",
  dropped_out: "Abandon",
};

/**
 * The certification's outcome, only where the formation leads to one: presented to the exam (result
 * not known yet), certified, not certified. Every outcome counts as presented: the success rate is
 * certified / (presented + certified + not certified).
 */
export const CERTIFICATION_OUTCOMES = ["presented", "certified", "not_certified"] as const;
export type CertificationOutcome = (typeof CERTIFICATION_OUTCOMES)[number];

export const CERTIFICATION_OUTCOME_LABELS: Record<CertificationOutcome, string> = {
  presented: "Présenté·e",
  certified: "Certifié·e",
  not_certified: "Non certifié·e",
};

/** How the learner joined: admitted from an application, added by hand, or imported from a CSV. */
export const LEARNER_ORIGINS = ["admission", "manual", "import"] as const;
export type LearnerOrigin = (typeof LEARNER_ORIGINS)[number];

export const LEARNER_ORIGIN_LABELS: Record<LearnerOrigin, string> = {
  admission: "Candidature admise",
  manual: "Ajout manuel",
  import: "Import CSV",
};

/**
 * What the learner is for the Bilan pédagogique et financier (cerfa 10443, section F-1): an employee of
 * a private employer (apprentices aside), an apprentice, a jobseeker, a person paying for themself, or
 * anyone else (public servants, self-employed people, volunteers…). Null until staff say it.
 */
export const TRAINEE_CATEGORIES = [
  "private_employee",
  "apprentice",
  "jobseeker",
  "self_funded",
  "other",
] as const;
export type LearnerCategory = (typeof TRAINEE_CATEGORIES)[number];

export const LEARNER_CATEGORY_LABELS: Record<LearnerCategory, string> = {
  private_employee: "Salarié·e d'un employeur privé (hors apprenti·e)",
  apprentice: "Apprenti·e",
  jobseeker: "Demandeur·euse d'emploi",
  self_funded: "Particulier à ses propres frais",
  other: "Autre (agent public, indépendant·e, bénévole…)",
};

/**
 * Who pays for the learner's training. The learner paying personally signs a contrat de formation
 * professionnelle (Code du travail, L. 6353-3); a training bought on Mon Compte Formation (CPF) has
 * neither contrat nor convention, the platform's general conditions bind the learner and the centre,
 * and the file's number is kept on the learner; any other payer signs a convention de formation with
 * the centre (L. 6353-1), its party named on the learner (company or funder).
 */
export const LEARNER_FUNDINGS = ["cpf", "opco", "france_travail", "region", "personal", "other"] as const;
export type LearnerFunding = (typeof LEARNER_FUNDINGS)[number];

export const LEARNER_FUNDING_LABELS: Record<LearnerFunding, string> = {
  cpf: "CPF (Mon Compte Formation)",
  opco: "Employeur ou OPCO",
  france_travail: "France Travail",
  region: "Région",
  personal: "Financement personnel",
  other: "Autre financeur",
};
