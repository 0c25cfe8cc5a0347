/**
 * Static content of the home page. Its figures (formations open, satisfaction, success,
 * recommendation) are not here: they come from the database (formations and their results).
 */
export const METHOD_FEATURES = [
  {
    icon: "users",
    title: "Accompagnement individuel",
    description: "Un référent vous suit du premier rendez-vous jusqu'à votre retour à l'emploi.",
  },
  {
    icon: "monitor",
    title: "Plateforme e-learning",
    description: "Cours, exercices et ressources accessibles à votre rythme, depuis n'importe quel appareil.",
  },
  {
    icon: "sparkles",
    title: "Masterclasses exclusives",
    description: "Des professionnels partagent leur expérience du terrain lors de sessions dédiées.",
  },
  {
    icon: "headset",
    title: "Support technique",
    description: "Une équipe disponible pour résoudre vos difficultés techniques rapidement.",
  },
] as const;

export const PARTNER_QUOTES = [
  {
    quote:
      "Nous recrutons chaque année des alternants formés par le centre : ils arrivent opérationnels et bien encadrés.",
    author: "Claire Fontaine",
    role: "Responsable RH",
    company: "Groupe Hexa Services",
  },
  {
    quote:
      "Un partenaire fiable pour former nos équipes logistiques, avec un suivi régulier et des formateurs proches du terrain.",
    author: "Marc Lemoine",
    role: "Directeur des opérations",
    company: "Logistique Île-de-France",
  },
] as const;

/** Shown only when the database returns no testimonial or fails. */
export const FALLBACK_TESTIMONIALS = [
  {
    id: "exemple-1",
    name: "Sarah Dupont",
    content: "Une formation concrète et un accompagnement humain : j'ai trouvé un emploi deux mois après.",
    position: "Assistante commerciale",
    company: null,
    picture: null,
    rating: 5,
  },
  {
    id: "exemple-2",
    name: "Karim Haddad",
    content:
      "Les formateurs sont disponibles et le rythme de l'alternance m'a permis d'apprendre en travaillant.",
    position: "Assistant RH",
    company: null,
    picture: null,
    rating: 5,
  },
  {
    id: "exemple-3",
    name: "Émilie Garnier",
    content: "J'ai appris à créer et gérer mon site WordPress en quelques mois, à mon rythme.",
    position: "Graphiste indépendante",
    company: null,
    picture: null,
    rating: 5,
  },
];

/** Shown only when the database returns no published article or fails. */
export const FALLBACK_POSTS = [
  {
    slug: null,
    title: "Bien choisir sa formation en reconversion",
    excerpt: "Nos conseils pour définir votre projet et choisir une formation reconnue.",
    category: "Reconversion",
    readMinutes: 4,
    createdAt: null,
  },
  {
    slug: null,
    title: "L'alternance, mode d'emploi",
    excerpt: "Contrat, rythme, rémunération : tout comprendre avant de vous lancer.",
    category: "Alternance",
    readMinutes: 5,
    createdAt: null,
  },
  {
    slug: null,
    title: "Financer sa formation",
    excerpt: "CPF, France Travail (ex-Pôle Emploi), OPCO : les dispositifs à connaître.",
    category: "Financement",
    readMinutes: 4,
    createdAt: null,
  },
];
