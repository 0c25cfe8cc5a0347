/**
 * lheo-2.3.xsd's sequence of an action's elements (action-subtype): the document writes an action's
 * elements in this order, the ones it computes and the ones a formation's field carries as it is
 * (formation-entity.ts's `lheo`), so a field names its element and the schema's order places it.
 */
export const LHEO_ACTION_SEQUENCE = [
  "rythme-formation",
  "code-public-vise",
  "info-public-vise",
  "niveau-entree-obligatoire",
  "modalites-alternance",
  "modalites-enseignement",
  "conditions-specifiques",
  "prise-en-charge-frais-possible",
  "lieu-de-formation",
  "modalites-entrees-sorties",
  "url-action",
  "duree-cycle",
  "session",
  "adresse-information",
  "date-information",
  "restauration",
  "hebergement",
  "transport",
  "acces-handicapes",
  "langue-formation",
  "modalites-recrutement",
  "modalites-pedagogiques",
  "code-modalite-pedagogique",
  "equipement",
  "frais-restants",
  "code-perimetre-recrutement",
  "infos-perimetre-recrutement",
  "prix-horaire-TTC",
  "prix-total-TTC",
  "duree-indicative",
  "nombre-heures-centre",
  "nombre-heures-entreprise",
  "nombre-heures-total",
  "detail-conditions-prise-en-charge",
  "conventionnement",
  "duree-conventionnee",
  "organisme-formateur",
  "organisme-financeur",
  "enseignement",
  "extras",
] as const;

export type LheoActionElement = (typeof LHEO_ACTION_SEQUENCE)[number];
