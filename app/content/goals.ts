/** The home page's goal picker (SPEC.md §2.3). Formations are named by their canonical slug. */
export interface Goal {
  id: "reconversion" | "diplome" | "competences" | "outil" | "emploi";
  icon: "refresh" | "graduation" | "trending" | "wrench" | "briefcase";
  title: string;
  description: string;
  formations: readonly { slug: string; title: string }[];
}

const RH = { slug: "tp-assistant-ressources-humaines", title: "TP Assistant RH" };
const COMMERCIAL = { slug: "tp-assistant-commercial", title: "TP Assistant Commercial" };
const LOGISTIQUE = { slug: "bac-pro-logistique", title: "Bac Pro Logistique" };
const WORDPRESS = { slug: "formation-wordpress", title: "Formation WordPress" };
const DEV_WEB = { slug: "formation-developpeur-web", title: "Formation Développeur Web" };

export const GOALS: readonly Goal[] = [
  {
    id: "reconversion",
    icon: "refresh",
    title: "Me reconvertir",
    description: "Changer de métier et donner un nouvel élan à votre carrière.",
    formations: [RH, COMMERCIAL, { ...DEV_WEB, title: "Développeur Web" }],
  },
  {
    id: "diplome",
    icon: "graduation",
    title: "Obtenir un diplôme",
    description: "Valider un titre reconnu par l'État et inscrit au RNCP.",
    formations: [LOGISTIQUE, RH, COMMERCIAL],
  },
  {
    id: "competences",
    icon: "trending",
    title: "Développer mes compétences",
    description: "Monter en compétences dans votre poste actuel.",
    formations: [WORDPRESS, DEV_WEB],
  },
  {
    id: "outil",
    icon: "wrench",
    title: "Apprendre un outil",
    description: "Maîtriser rapidement un logiciel ou une technologie.",
    formations: [WORDPRESS],
  },
  {
    id: "emploi",
    icon: "briefcase",
    title: "Trouver un emploi",
    description: "Acquérir un métier qui recrute et décrocher un poste.",
    formations: [RH, COMMERCIAL, LOGISTIQUE],
  },
];

export function goalById(id: string): Goal | undefined {
  return GOALS.find((goal) => goal.id === id);
}
