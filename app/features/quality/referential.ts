/**
 * The référentiel national qualité (Qualiopi, décret n° 2019-564 and its guide de lecture): 7 criteria,
 * 32 indicators. Plain data: the board, the evidence pack and the dashboard read it; what the centre holds
 * for each indicator is computed elsewhere (board.server.ts).
 *
 * Some indicators apply only to some centres: `scope` says which answer in Paramètres makes one apply.
 * - `certifying`: the centre prepares learners for a professional certification (RNCP or Répertoire spécifique);
 * - `apprenticeship`: the centre trains apprentices (CFA, category 'actions de formation par apprentissage');
 * - `alternance`: training alternates between the centre and a company (apprenticeship or contrat de
 *   professionnalisation), or includes periods of training in a work situation;
 * - `subcontracting`: the centre subcontracts training or works with portage salarial.
 * An indicator without `scope` applies to every centre.
 */

export const QUALITY_SCOPES = ["certifying", "apprenticeship", "alternance", "subcontracting"] as const;
export type QualityScope = (typeof QUALITY_SCOPES)[number];

export interface Criterion {
  number: number;
  title: string;
}

export interface Indicator {
  number: number;
  criterion: number;
  /** The indicator as the référentiel words it, shortened where it is long. */
  wording: string;
  scope?: QualityScope;
}

export const CRITERIA: readonly Criterion[] = [
  {
    number: 1,
    title: "Information du public sur les prestations, les délais d'accès et les résultats obtenus",
  },
  { number: 2, title: "Identification précise des objectifs des prestations et adaptation aux publics" },
  { number: 3, title: "Adaptation des modalités d'accueil, d'accompagnement, de suivi et d'évaluation" },
  { number: 4, title: "Adéquation des moyens pédagogiques, techniques et d'encadrement" },
  { number: 5, title: "Qualification et développement des compétences des personnels" },
  { number: 6, title: "Inscription et investissement dans l'environnement professionnel" },
  { number: 7, title: "Recueil et prise en compte des appréciations et des réclamations" },
];

export const INDICATORS: readonly Indicator[] = [
  {
    number: 1,
    criterion: 1,
    wording:
      "Information accessible au public, détaillée et vérifiable\u00a0: prérequis, objectifs, durée, modalités et délais d'accès, tarifs, contacts, méthodes, évaluation, accessibilité",
  },
  { number: 2, criterion: 1, wording: "Indicateurs de résultats adaptés aux prestations et aux publics" },
  {
    number: 3,
    criterion: 1,
    wording:
      "Taux d'obtention des certifications, blocs de compétences, équivalences, passerelles, suites de parcours et débouchés",
    scope: "certifying",
  },
  {
    number: 4,
    criterion: 2,
    wording: "Analyse du besoin du bénéficiaire, en lien avec l'entreprise ou le financeur",
  },
  { number: 5, criterion: 2, wording: "Objectifs opérationnels et évaluables de la prestation" },
  {
    number: 6,
    criterion: 2,
    wording: "Contenus et modalités de mise en œuvre adaptés aux objectifs et aux publics",
  },
  {
    number: 7,
    criterion: 2,
    wording: "Adéquation des contenus aux exigences de la certification visée",
    scope: "certifying",
  },
  { number: 8, criterion: 2, wording: "Positionnement et évaluation des acquis à l'entrée de la prestation" },
  {
    number: 9,
    criterion: 3,
    wording: "Information des bénéficiaires sur les conditions de déroulement de la prestation",
  },
  {
    number: 10,
    criterion: 3,
    wording: "Adaptation de la prestation, de l'accompagnement et du suivi aux bénéficiaires",
  },
  { number: 11, criterion: 3, wording: "Évaluation de l'atteinte des objectifs par les bénéficiaires" },
  {
    number: 12,
    criterion: 3,
    wording: "Engagement des bénéficiaires et prévention des ruptures de parcours",
  },
  {
    number: 13,
    criterion: 3,
    wording: "Alternance\u00a0: coordination et progressivité des apprentissages en centre et en entreprise",
    scope: "alternance",
  },
  {
    number: 14,
    criterion: 3,
    wording: "Accompagnement socio-professionnel, éducatif et relatif à l'exercice de la citoyenneté",
    scope: "apprenticeship",
  },
  {
    number: 15,
    criterion: 3,
    wording: "Information des apprentis sur leurs droits et devoirs, la santé et la sécurité au travail",
    scope: "apprenticeship",
  },
  {
    number: 16,
    criterion: 3,
    wording: "Présentation à la certification conforme aux exigences de l'autorité de certification",
    scope: "certifying",
  },
  { number: 17, criterion: 4, wording: "Moyens humains et techniques adaptés, environnement approprié" },
  { number: 18, criterion: 4, wording: "Mobilisation et coordination des intervenants internes et externes" },
  { number: 19, criterion: 4, wording: "Ressources pédagogiques mises à disposition des bénéficiaires" },
  {
    number: 20,
    criterion: 4,
    wording: "Référent mobilité, référent handicap et conseil de perfectionnement",
    scope: "apprenticeship",
  },
  { number: 21, criterion: 5, wording: "Compétences des intervenants déterminées, mobilisées et évaluées" },
  { number: 22, criterion: 5, wording: "Développement des compétences des salariés" },
  { number: 23, criterion: 6, wording: "Veille légale et réglementaire sur la formation professionnelle" },
  { number: 24, criterion: 6, wording: "Veille sur les compétences, les métiers et les emplois" },
  { number: 25, criterion: 6, wording: "Veille sur les innovations pédagogiques et technologiques" },
  {
    number: 26,
    criterion: 6,
    wording: "Expertise, outils et réseaux pour les publics en situation de handicap",
  },
  {
    number: 27,
    criterion: 6,
    wording: "Conformité au référentiel des sous-traitants et du portage salarial",
    scope: "subcontracting",
  },
  {
    number: 28,
    criterion: 6,
    wording: "Réseau de partenaires socio-économiques pour les périodes de formation en situation de travail",
    scope: "alternance",
  },
  {
    number: 29,
    criterion: 6,
    wording: "Actions pour l'insertion professionnelle ou la poursuite d'études",
    scope: "apprenticeship",
  },
  {
    number: 30,
    criterion: 7,
    wording:
      "Appréciations des parties prenantes\u00a0: bénéficiaires, financeurs, équipes pédagogiques, entreprises",
  },
  {
    number: 31,
    criterion: 7,
    wording: "Traitement des difficultés, des réclamations et des aléas survenus en cours de prestation",
  },
  {
    number: 32,
    criterion: 7,
    wording: "Mesures d'amélioration à partir des appréciations et des réclamations",
  },
];

/** Whether an indicator applies to a centre whose Paramètres answer `scopes`. */
export const indicatorApplies = (indicator: Indicator, scopes: ReadonlySet<QualityScope>): boolean =>
  indicator.scope === undefined || scopes.has(indicator.scope);
