/** The resources centre: static cards, each with a real document. */
export interface Resource {
  id: string;
  title: string;
  description: string;
  type: "guide" | "video" | "manuel" | "temoignage";
  category: string;
  download: string;
  /** What the download is, for the link's accessible name. */
  format: string;
}

export const RESOURCES: readonly Resource[] = [
  {
    id: "guide-alternance",
    title: "Guide de l'alternance",
    description: "Contrats, rémunération, recherche d'entreprise : tout pour réussir votre alternance.",
    type: "guide",
    category: "Alternance",
    download: "/documents/guide-alternance.pdf",
    format: "PDF",
  },
  {
    id: "webinaire-entretien",
    title: "Webinaire : réussir son entretien",
    description: "Le support de notre webinaire pour préparer et réussir vos entretiens d'embauche.",
    type: "video",
    category: "Emploi",
    download: "/documents/webinaire-entretien.pdf",
    format: "PDF",
  },
  {
    id: "manuel-apprenant",
    title: "Manuel de l'apprenant",
    description: "Organisation, règlement intérieur, plateforme e-learning : le guide de votre formation.",
    type: "manuel",
    category: "Formation",
    download: "/documents/manuel-apprenant.pdf",
    format: "PDF",
  },
  {
    id: "temoignages-anciens",
    title: "Témoignages d'anciens apprenants",
    description: "Parcours, conseils et retours d'expérience de nos anciens apprenants.",
    type: "temoignage",
    category: "Témoignages",
    download: "/documents/temoignages-anciens.pdf",
    format: "PDF",
  },
];

/** Case-insensitive on title or category. */
export function filterResources(resources: readonly Resource[], query: string): Resource[] {
  const needle = query.trim().toLocaleLowerCase("fr");
  if (!needle) return [...resources];
  return resources.filter(
    (r) =>
      r.title.toLocaleLowerCase("fr").includes(needle) || r.category.toLocaleLowerCase("fr").includes(needle),
  );
}

export const FAQ = [
  {
    question: "Comment financer ma formation ?",
    answer:
      "Plusieurs solutions existent : votre Compte Personnel de Formation (CPF), les aides de France Travail (ex-Pôle Emploi) si vous êtes demandeur d'emploi, un financement personnel, ou une prise en charge par votre employeur (plan de développement des compétences, OPCO, alternance). Nos conseillers vous aident à trouver la bonne combinaison.",
  },
  {
    question: "Suis-je accompagné·e après la formation ?",
    answer:
      "Oui. Nous assurons un suivi de 6 mois après la formation : aide à la recherche d'emploi, préparation aux entretiens et mise en relation avec nos entreprises partenaires.",
  },
  {
    question: "Combien de temps dure une formation ?",
    answer:
      "Cela dépend du parcours : de quelques jours pour une formation courte jusqu'à 24 mois pour une formation en alternance.",
  },
  {
    question: "Puis-je suivre une formation à distance ?",
    answer:
      "Plusieurs formations se suivent à distance ou en mixte (présentiel et e-learning). Notre plateforme e-learning est accessible 24 h/24 et 7 j/7.",
  },
] as const;
