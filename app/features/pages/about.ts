/** The about page. */
export const CERTIFICATIONS = [
  { title: "OPQF", description: "Qualification professionnelle des organismes de formation" },
  { title: "Datadock", description: "Référencement qualité des financeurs de la formation" },
  {
    title: "Référencé France Travail (ex-Pôle Emploi)",
    description: "Formations ouvertes aux demandeurs d'emploi",
  },
] as const;

// The key figures (formations, satisfaction, success, insertion) come from the database.

export const VALUES = [
  {
    title: "Accompagnement",
    description: "Un référent unique vous suit avant, pendant et jusqu'à 6 mois après votre formation.",
  },
  {
    title: "Exigence",
    description:
      "Des formations reconnues, des formateurs issus du terrain et des résultats publiés chaque année.",
  },
  {
    title: "Accessibilité",
    description:
      "Des parcours finançables, en présentiel ou à distance, ouverts aux personnes en situation de handicap.",
  },
] as const;
