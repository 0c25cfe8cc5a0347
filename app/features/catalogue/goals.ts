/**
 * The home page's goal picker. The goals are fixed; which formations serve each one is chosen by
 * staff in the formation's dialog (formations.goals holds these ids).
 */
export const GOAL_IDS = ["reconversion", "diplome", "competences", "outil", "emploi"] as const;
export type GoalId = (typeof GOAL_IDS)[number];

export interface Goal {
  id: GoalId;
  icon: "refresh" | "graduation" | "trending" | "wrench" | "briefcase";
  title: string;
  description: string;
}

export const GOALS: readonly Goal[] = [
  {
    id: "reconversion",
    icon: "refresh",
    title: "Me reconvertir",
    description: "Changer de métier et donner un nouvel élan à votre carrière.",
  },
  {
    id: "diplome",
    icon: "graduation",
    title: "Obtenir un diplôme",
    description: "Valider un titre reconnu par l'État et inscrit au RNCP.",
  },
  {
    id: "competences",
    icon: "trending",
    title: "Développer mes compétences",
    description: "Monter en compétences dans votre poste actuel.",
  },
  {
    id: "outil",
    icon: "wrench",
    title: "Apprendre un outil",
    description: "Maîtriser rapidement un logiciel ou une technologie.",
  },
  {
    id: "emploi",
    icon: "briefcase",
    title: "Trouver un emploi",
    description: "Acquérir un métier qui recrute et décrocher un poste.",
  },
];

export function goalById(id: string): Goal | undefined {
  return GOALS.find((goal) => goal.id === id);
}
