/**
 * The evidence pack's folders: one per applicable indicator, named '01 - Information du public' (its
 * number on two digits, then a short title of the référentiel's indicator), so that an auditor's file
 * browser lists them in the référentiel's order. Plain data, shared with the console.
 */
import { CRITERIA, INDICATORS, type Indicator, indicatorApplies, type QualityScope } from "./referential";

/** A short title per indicator: the référentiel's wording, shortened to fit a folder's name. */
export const INDICATOR_SHORT_TITLES: Readonly<Record<number, string>> = {
  1: "Information du public",
  2: "Indicateurs de résultats",
  3: "Taux d'obtention des certifications",
  4: "Analyse du besoin",
  5: "Objectifs de la prestation",
  6: "Contenus et modalités",
  7: "Adéquation à la certification",
  8: "Positionnement à l'entrée",
  9: "Conditions de déroulement",
  10: "Adaptation et suivi",
  11: "Évaluation de l'atteinte des objectifs",
  12: "Engagement et prévention des ruptures",
  13: "Coordination de l'alternance",
  14: "Accompagnement socio-professionnel",
  15: "Droits et devoirs des apprentis",
  16: "Présentation à la certification",
  17: "Moyens humains et techniques",
  18: "Coordination des intervenants",
  19: "Ressources pédagogiques",
  20: "Référents et conseil de perfectionnement",
  21: "Compétences des intervenants",
  22: "Développement des compétences des salariés",
  23: "Veille légale et réglementaire",
  24: "Veille emplois et métiers",
  25: "Veille pédagogique et technologique",
  26: "Handicap",
  27: "Sous-traitance et portage salarial",
  28: "Partenaires des périodes en entreprise",
  29: "Insertion professionnelle",
  30: "Appréciations des parties prenantes",
  31: "Réclamations et aléas",
  32: "Mesures d'amélioration",
};

/** '01 - Information du public': the folder of `indicator` in the pack. */
export const packFolderName = (indicator: Pick<Indicator, "number">): string =>
  `${String(indicator.number).padStart(2, "0")} - ${INDICATOR_SHORT_TITLES[indicator.number] ?? `Indicateur ${indicator.number}`}`;

/** The indicators whose folders the pack holds for a centre answering `scopes`, in order. */
export const packIndicators = (scopes: ReadonlySet<QualityScope>): Indicator[] =>
  INDICATORS.filter((i) => indicatorApplies(i, scopes));

/** The criterion's title of an indicator, as the index prints it above its folders. */
export const criterionTitle = (criterion: number): string =>
  CRITERIA.find((c) => c.number === criterion)?.title ?? `Critère ${criterion}`;

/** The index PDF's name at the archive's root. */
export const PACK_INDEX_NAME = "00 - Sommaire du dossier.pdf";

/** The file an indicator's folder holds when the product generates nothing for it. */
export const PACK_README_NAME = "LISEZ-MOI.txt";
