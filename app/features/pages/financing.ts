/** The financing page; the job centre is named 'France Travail (ex-Pôle Emploi)' (features/catalogue/funding.ts). */
export const FINANCING_OPTIONS = [
  {
    id: "cpf",
    title: "CPF",
    subtitle: "Compte Personnel de Formation",
    audience: "Tous les actifs",
    amount: "Jusqu'à 5 000 €",
    features: [
      "Utilisable pour toutes nos formations certifiantes",
      "Inscription en ligne sur Mon Compte Formation",
      "Cumulable avec d'autres financements",
      "Accompagnement au montage du dossier",
    ],
    details:
      "Chaque actif cumule des droits à la formation sur son Compte Personnel de Formation (jusqu'à 5 000 €). Nos conseillers vous aident à consulter vos droits, à choisir une formation éligible et à finaliser votre inscription sur Mon Compte Formation. Si vos droits ne couvrent pas tout le coût, un abondement (employeur, France Travail, région) peut compléter.",
  },
  {
    id: "aif",
    title: "France Travail (ex-Pôle Emploi) AIF",
    subtitle: "Aide Individuelle à la Formation",
    audience: "Demandeurs d'emploi",
    amount: "Prise en charge totale",
    features: [
      "Destinée aux demandeurs d'emploi inscrits",
      "Prise en charge totale des frais pédagogiques",
      "Maintien possible de vos allocations",
      "Validation du projet avec votre conseiller",
    ],
    details:
      "L'Aide Individuelle à la Formation finance la formation d'un demandeur d'emploi lorsque le projet est validé par son conseiller France Travail (ex-Pôle Emploi). Nous vous remettons le devis et le programme à transmettre, et nous suivons le dossier avec vous jusqu'à l'accord.",
  },
  {
    id: "opco",
    title: "OPCO",
    subtitle: "Opérateur de compétences",
    audience: "Salariés",
    amount: "Selon votre secteur",
    features: [
      "Financement par l'opérateur de compétences de votre employeur",
      "Prise en charge des contrats d'alternance",
      "Plan de développement des compétences",
      "Montant selon votre secteur d'activité",
    ],
    details:
      "Les opérateurs de compétences financent les contrats d'apprentissage et de professionnalisation ainsi que le plan de développement des compétences des entreprises. Le niveau de prise en charge dépend de la branche professionnelle : nous établissons la demande avec votre employeur.",
  },
] as const;

export const FINANCING_GUIDE = {
  href: "/documents/guide-financement.pdf",
  label: "Télécharger le guide",
} as const;
