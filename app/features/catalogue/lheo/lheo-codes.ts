/**
 * Lhéo 2.3's code tables as the console offers them: each value is the code the schema lists
 * (lheo-2.3.xsd's enumerations, labels from the Lhéo dictionary), stored as such in the formation.
 * Plain constants with no imports: the database schema builds its checks from them.
 */

/** parcours-de-formation: how learners go through the course. */
export const LHEO_PATHS = [
  { value: "1", label: "En groupe (parcours identique pour tous)" },
  { value: "2", label: "Individualisé" },
  { value: "3", label: "Modularisé (par modules à choisir)" },
  { value: "4", label: "Mixte" },
] as const;

/** modalites-entrees-sorties. */
export const LHEO_ENTRY_MODES = [
  { value: "0", label: "À dates fixes (les dates des sessions)" },
  { value: "1", label: "Entrées et sorties permanentes" },
] as const;

/** objectif-general-formation (code 1, 'obsolete', and 2, merged into 3, are not offered). */
export const LHEO_GENERAL_OBJECTIVES = [
  { value: "6", label: "Certification" },
  { value: "7", label: "Professionnalisation" },
  { value: "8", label: "Préparation à la qualification" },
  { value: "5", label: "Remise à niveau, savoirs de base, initiation" },
  { value: "9", label: "(Re)mobilisation, aide au projet professionnel" },
  { value: "3", label: "Perfectionnement, élargissement des compétences" },
  { value: "4", label: "Création d'entreprise" },
] as const;

/** code-public-vise: the Formacode codes of the public a course is meant for (the common ones). */
export const LHEO_PUBLICS = [
  { value: "83056", label: "Tout public" },
  { value: "80006", label: "Demandeur d'emploi" },
  { value: "82044", label: "Salarié·e" },
  { value: "81050", label: "Particulier (à titre individuel)" },
  { value: "82027", label: "Contrat d'apprentissage" },
  { value: "82029", label: "Contrat de professionnalisation" },
  { value: "82045", label: "Salarié·e en reconversion" },
  { value: "81024", label: "Jeune" },
  { value: "81020", label: "Personne en situation de handicap" },
  { value: "82055", label: "Agent de la fonction publique" },
  { value: "82038", label: "Profession libérale" },
  { value: "82004", label: "Artisan" },
] as const;

/** code-financeur: who may pay for the course (code 1, 'obsolete', is not offered). */
export const LHEO_FUNDERS = [
  { value: "10", label: "L'apprenant (autofinancement, CPF)" },
  { value: "5", label: "Entreprise" },
  { value: "16", label: "OPCO" },
  { value: "4", label: "France Travail" },
  { value: "2", label: "Conseil régional" },
  { value: "8", label: "Conseil départemental" },
  { value: "9", label: "Commune" },
  { value: "15", label: "Autre collectivité territoriale" },
  { value: "11", label: "État – ministère chargé de l'emploi" },
  { value: "12", label: "État – ministère de l'éducation nationale" },
  { value: "19", label: "État – ministère de l'intérieur" },
  { value: "13", label: "État – autre" },
  { value: "3", label: "Fonds social européen (FSE)" },
  { value: "14", label: "Autres fonds européens" },
  { value: "7", label: "Agefiph" },
  { value: "17", label: "Transitions Pro" },
  { value: "18", label: "LADOM" },
  { value: "20", label: "OFII" },
  { value: "6", label: "ACSÉ" },
  { value: "0", label: "Autre" },
] as const;

export const LHEO_LIMITS = { formacodes: 5, nsf: 3, rome: 5, publics: 10, funders: 8 } as const;
