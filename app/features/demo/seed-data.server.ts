/**
 * Seed content for the centre's catalogue, testimonials and blog. Plain typed data: the seeding
 * script decides how it is written to the database.
 */
import type { FormationResult } from "~/features/catalogue";
import type { NewBlogPost, NewFormation, NewTestimonial } from "~/platform/db/schema.server";

export interface SeedFormation extends Omit<NewFormation, "id"> {
  /** Short slugs (the footer's) that answer 301 to the canonical slug. */
  aliases: string[];
}

/** Program module content is stored one item per line. */
const lines = (...items: string[]): string => items.join("\n");

const LOCATION = "Paris 11e et à distance";
const CONTACT_PHONE = "01 23 45 67 89";
const CONTACT_EMAIL = "contact@centre-formation-avenir.fr";
// The referent's name, phone and e-mail come from Paramètres, shown under this text on every course page.
const ACCESSIBILITY =
  "Formation accessible aux personnes en situation de handicap : locaux accessibles, rythme, supports et modalités d'évaluation adaptés après un entretien avec notre référent·e handicap.";
const RESULTS_YEAR = 2025;
const CONTACT_NAME = "Claire Moreau, conseillère formation";
const ACCESS_ALTERNANCE =
  "Candidature en ligne ou par téléphone, entretien individuel de positionnement, tests écrits, puis signature d'un contrat d'apprentissage ou de professionnalisation avec une entreprise d'accueil.";
const ACCESS_SHORT =
  "Candidature en ligne ou par téléphone, entretien individuel pour vérifier les prérequis et adapter le parcours, puis inscription (CPF, financement France Travail ou devis).";
const PRICE_ALTERNANCE =
  "Coût pris en charge par l'OPCO de l'entreprise d'accueil selon le niveau de prise en charge fixé par France Compétences : aucun frais pour l'alternant·e, qui est rémunéré·e pendant la formation.";
const MINISTRY_OF_LABOUR = "Ministère du Travail, du Plein emploi et de l'Insertion";
const TP_FURTHER_PATHS =
  "Poursuite possible vers un titre ou un diplôme de niveau 6 (Bachelor, licence professionnelle) dans le même domaine, en alternance ou en formation continue.";
/** A titre professionnel in alternance: the ministry's certification, its blocks and what follows. */
const titreProfessionnel = (registeredOn: string, skillBlocks: string[]) => ({
  accessArrangements: ACCESS_ALTERNANCE,
  priceDetails: PRICE_ALTERNANCE,
  contactName: CONTACT_NAME,
  certifying: true,
  certifier: MINISTRY_OF_LABOUR,
  certificationRegisteredOn: registeredOn,
  skillBlocks,
  equivalences: TP_EQUIVALENCES,
  furtherPaths: TP_FURTHER_PATHS,
});
const TP_EQUIVALENCES =
  "Chaque bloc de compétences (certificat de compétences professionnelles) peut être validé séparément et reste acquis à vie. Accès possible par la validation des acquis de l'expérience (VAE). Pas d'équivalence avec d'autres certifications.";

/** Results as staff record them: rates with their year and the number of people counted. */
const results = (
  reussite: [number, number],
  satisfaction: [number, number],
  insertion: [number, number],
  recommandation: [number, number],
): FormationResult[] => [
  { kind: "reussite", year: RESULTS_YEAR, rate: reussite[0], sample: reussite[1] },
  { kind: "satisfaction", year: RESULTS_YEAR, rate: satisfaction[0], sample: satisfaction[1] },
  { kind: "insertion", year: RESULTS_YEAR, rate: insertion[0], sample: insertion[1] },
  { kind: "recommandation", year: RESULTS_YEAR, rate: recommandation[0], sample: recommandation[1] },
];

export const SEED_FORMATIONS: SeedFormation[] = [
  {
    title: "TP Assistant Ressources Humaines",
    slug: "tp-assistant-ressources-humaines",
    // The Lhéo export's codes (illustrative, as the rest of the demonstration centre).
    formacodes: ["33054"],
    nsfCodes: ["315"],
    romeCodes: ["M1501"],
    targetPublics: ["82027", "82029", "80006"],
    lheoFunders: ["16", "5", "4"],
    pathType: "1",
    entryMode: "0",
    generalObjective: "6",
    aliases: ["assistant-rh"],
    position: 1,
    goals: ["reconversion", "diplome", "emploi"],
    formationType: "alternance",
    badge: "Diplômante",
    rncpCode: "RNCP 35030",
    // Entered with a Bac (the prerequisites); the titre is a level 5.
    entryLevel: "niveau-4",
    exitLevel: "niveau-5",
    duration: "16 à 24 mois",
    format: "Alternance",
    description:
      "Devenez assistant·e RH : administration du personnel, paie, recrutement et formation, en alternance.",
    longDescription:
      "Le Titre Professionnel Assistant Ressources Humaines prépare à gérer l'administration du personnel, la paie et les processus de recrutement et de formation. L'alternance entre le centre et l'entreprise permet d'acquérir une expérience concrète tout en étant rémunéré·e. Le titre, de niveau 5 (Bac+2), est délivré par le ministère du Travail.",
    content:
      "Cette formation en **alternance** vous prépare au **Titre Professionnel Assistant Ressources Humaines** (RNCP 35030). Vous alternez cours au centre et missions en entreprise pour maîtriser l'administration du personnel, la paie, le recrutement et le développement des compétences. Le coût de la formation est pris en charge par l'employeur et son OPCO.",
    price: 0,
    pricing: "prise-en-charge",
    financingEligible: true,
    active: true,
    objectives: [
      "Assurer l'administration du personnel, de l'embauche à la sortie du salarié",
      "Préparer les éléments de paie et les déclarations sociales",
      "Mettre en œuvre les processus de recrutement et d'intégration",
      "Contribuer au plan de développement des compétences",
      "Informer et accompagner les salariés sur les questions RH",
    ],
    program: [
      {
        title: "Administration du personnel",
        duration: "120 h",
        content: lines(
          "Contrats de travail et formalités d'embauche",
          "Registre du personnel et dossiers salariés",
          "Suivi des absences, congés et temps de travail",
          "Procédures de fin de contrat",
        ),
      },
      {
        title: "Paie et déclarations sociales",
        duration: "150 h",
        content: lines(
          "Structure du bulletin de paie",
          "Cotisations sociales et DSN",
          "Variables de paie et contrôle des éléments",
          "Utilisation d'un logiciel de paie",
        ),
      },
      {
        title: "Recrutement et intégration",
        duration: "100 h",
        content: lines(
          "Analyse du besoin et fiche de poste",
          "Rédaction et diffusion des offres d'emploi",
          "Présélection et conduite d'entretiens",
          "Parcours d'intégration des nouveaux arrivants",
        ),
      },
      {
        title: "Développement des compétences",
        duration: "80 h",
        content: lines(
          "Entretiens professionnels et entretiens annuels",
          "Élaboration du plan de développement des compétences",
          "Relations avec les organismes de formation et les OPCO",
        ),
      },
      {
        title: "Communication RH et outils numériques",
        duration: "70 h",
        content: lines(
          "Communication interne et relations avec les représentants du personnel",
          "SIRH et tableaux de bord RH",
          "Veille juridique et sociale",
        ),
      },
    ],
    skills: [
      "Administration du personnel",
      "Gestion de la paie",
      "Droit du travail",
      "Recrutement",
      "Gestion de la formation",
      "SIRH",
      "Communication interne",
    ],
    prerequisites:
      "Niveau Bac ou expérience professionnelle équivalente, aisance rédactionnelle et sens de la confidentialité ; un contrat d'alternance est à signer avec une entreprise d'accueil (notre équipe vous accompagne dans la recherche).",
    certification:
      "Titre Professionnel Assistant Ressources Humaines de niveau 5 (Bac+2), délivré par le ministère du Travail (RNCP 35030)",
    salaryRange: "24 000 € – 30 000 € brut/an",
    nextSessions: ["4 janvier 2027", "1er mars 2027", "6 septembre 2027"],
    location: LOCATION,
    contactPhone: CONTACT_PHONE,
    contactEmail: CONTACT_EMAIL,
    careerOpportunities: [
      "Assistant·e ressources humaines",
      "Assistant·e paie et administration du personnel",
      "Chargé·e de recrutement junior",
      "Gestionnaire administratif·ve du personnel",
      "Assistant·e formation",
    ],
    funding: ["Alternance", "CPF", "OPCO"],
    sector: "Ressources humaines",
    imageUrl: null,
    accessDelay: "2 à 4 semaines après validation du dossier et signature du contrat d'alternance",
    teachingMethods:
      "Cours en petit groupe avec des formateurs issus des RH, études de cas réels, mises en situation, travaux pratiques sur logiciel de paie et plateforme e-learning accessible 24 h/24.",
    assessmentMethods:
      "Évaluations en cours de formation, dossier professionnel et épreuves finales devant un jury de professionnels (mise en situation, entretien technique et entretien final).",
    ...titreProfessionnel("2020-11-20", [
      "RNCP35030BC01 — Assurer l'administration du personnel",
      "RNCP35030BC02 — Contribuer à la gestion des compétences, du recrutement et de la formation",
    ]),
    accessibility: ACCESSIBILITY,
    results: results([89, 36], [96, 42], [87, 31], [97, 42]),
  },
  {
    title: "TP Assistant Commercial",
    slug: "tp-assistant-commercial",
    // The Lhéo export's codes (illustrative, as the rest of the demonstration centre).
    formacodes: ["34054"],
    nsfCodes: ["312"],
    romeCodes: ["D1401"],
    targetPublics: ["82027", "82029", "80006"],
    lheoFunders: ["16", "5", "4"],
    pathType: "1",
    entryMode: "0",
    generalObjective: "6",
    aliases: ["assistant-commercial"],
    position: 2,
    goals: ["reconversion", "diplome", "emploi"],
    formationType: "alternance",
    badge: "Diplômante",
    rncpCode: "RNCP 35031",
    entryLevel: "niveau-4",
    exitLevel: "niveau-5",
    duration: "9 à 16 mois",
    format: "Alternance",
    description:
      "Préparez le Titre Professionnel Assistant Commercial en alternance : administration des ventes, prospection et relation client.",
    longDescription:
      "Le Titre Professionnel Assistant Commercial forme des collaborateurs polyvalents capables d'assurer l'administration des ventes et de soutenir l'équipe commerciale. Vous apprenez à prospecter, à suivre la relation client et à organiser des actions commerciales. La formation se déroule en alternance, au centre et en entreprise.",
    content:
      "En **9 à 16 mois d'alternance**, vous préparez le **Titre Professionnel Assistant Commercial** (RNCP 35031, niveau 5). Vous développez des compétences en administration des ventes, en prospection et en suivi de la relation client, directement mises en pratique dans votre entreprise d'accueil. Formation finançable par l'employeur, le CPF ou France Travail (ex-Pôle Emploi).",
    price: 0,
    pricing: "prise-en-charge",
    financingEligible: true,
    active: true,
    objectives: [
      "Assurer l'administration des ventes, du devis à la facturation",
      "Prospecter et développer un portefeuille de clients",
      "Assurer le suivi de la relation client et traiter les réclamations",
      "Organiser des actions commerciales et des événements",
      "Produire des tableaux de bord de l'activité commerciale",
    ],
    program: [
      {
        title: "Administration des ventes",
        duration: "100 h",
        content: lines(
          "Traitement des commandes, devis et factures",
          "Suivi des livraisons et des règlements",
          "Gestion des litiges clients",
        ),
      },
      {
        title: "Prospection et développement commercial",
        duration: "120 h",
        content: lines(
          "Ciblage et constitution de fichiers de prospects",
          "Prospection téléphonique et digitale",
          "Prise de rendez-vous pour l'équipe commerciale",
          "Suivi des opportunités",
        ),
      },
      {
        title: "Relation client",
        duration: "80 h",
        content: lines(
          "Accueil et communication avec les clients",
          "Fidélisation et enquêtes de satisfaction",
          "Communication écrite et orale en anglais commercial",
        ),
      },
      {
        title: "Actions commerciales et marketing",
        duration: "60 h",
        content: lines(
          "Organisation de salons et d'opérations promotionnelles",
          "Supports de communication commerciale",
          "Veille concurrentielle",
        ),
      },
      {
        title: "Outils bureautiques et CRM",
        duration: "60 h",
        content: lines(
          "Tableur et tableaux de bord commerciaux",
          "Utilisation d'un CRM",
          "Reporting de l'activité",
        ),
      },
    ],
    skills: [
      "Administration des ventes",
      "Prospection commerciale",
      "Relation client",
      "Négociation",
      "CRM",
      "Tableaux de bord",
    ],
    prerequisites:
      "Niveau Bac ou expérience dans la vente ou l'accueil, goût du contact et de la communication, maîtrise des outils bureautiques de base.",
    certification: "Titre Professionnel",
    salaryRange: "22 000 € – 28 000 € brut/an",
    nextSessions: ["11 janvier 2027", "5 avril 2027", "6 septembre 2027"],
    location: LOCATION,
    contactPhone: CONTACT_PHONE,
    contactEmail: CONTACT_EMAIL,
    careerOpportunities: [
      "Assistant·e commercial·e",
      "Assistant·e administration des ventes (ADV)",
      "Chargé·e de clientèle",
      "Assistant·e import-export",
      "Télévendeur·se",
    ],
    funding: ["CPF", "Alternance", "France Travail"],
    sector: "Commerce",
    imageUrl: null,
    accessDelay: "2 à 4 semaines après validation du dossier",
    teachingMethods:
      "Pédagogie active alternant apports théoriques, jeux de rôle, études de cas d'entreprises et projets commerciaux réels, complétée par la plateforme e-learning et un suivi individuel.",
    assessmentMethods:
      "Contrôle continu, dossier professionnel et épreuves du titre devant un jury : mise en situation professionnelle, entretien technique et entretien final.",
    ...titreProfessionnel("2020-11-20", [
      "RNCP35031BC01 — Administrer les ventes et assurer le suivi de la supply chain",
      "RNCP35031BC02 — Contribuer au développement commercial et à la relation clientèle",
    ]),
    accessibility: ACCESSIBILITY,
    results: results([88, 40], [95, 45], [85, 35], [96, 45]),
  },
  {
    title: "Bac Pro Logistique",
    slug: "bac-pro-logistique",
    // The Lhéo export's codes (illustrative, as the rest of the demonstration centre).
    formacodes: ["31854"],
    nsfCodes: ["311"],
    romeCodes: ["N1103"],
    targetPublics: ["82027", "82029"],
    lheoFunders: ["16", "5"],
    pathType: "1",
    entryMode: "0",
    generalObjective: "6",
    aliases: [],
    position: 3,
    goals: ["diplome", "emploi"],
    formationType: "alternance",
    badge: "Certifiante",
    rncpCode: null,
    // Entered after the 3e; the Bac pro is a level 4.
    entryLevel: "sans-niveau",
    exitLevel: "niveau-4",
    duration: "1 à 4 mois",
    format: "Alternance",
    description:
      "Maîtrisez la gestion des stocks, l'entreposage et le transport pour travailler dans la logistique.",
    longDescription:
      "Le Bac Pro Logistique forme aux métiers de l'entrepôt et de la chaîne d'approvisionnement. Vous apprenez à réceptionner, stocker, préparer et expédier les marchandises en garantissant qualité et traçabilité. Les périodes en entreprise vous mettent rapidement en situation réelle.",
    content:
      "Le secteur **logistique et transport** recrute en continu. Cette formation en alternance vous apprend à gérer les stocks, organiser l'entrepôt, préparer les expéditions et utiliser les outils informatiques du métier (WMS, lecteurs de codes-barres). Financement possible par le CPF, l'alternance ou les aides de la Région.",
    price: 0,
    pricing: "prise-en-charge",
    financingEligible: true,
    active: true,
    objectives: [
      "Réceptionner et contrôler les marchandises",
      "Gérer les stocks et réaliser les inventaires",
      "Organiser l'entreposage dans le respect des règles de sécurité",
      "Préparer les commandes et les expéditions",
      "Assurer la qualité et la traçabilité des flux",
    ],
    program: [
      {
        title: "Gestion des stocks",
        duration: "80 h",
        content: lines(
          "Réception et contrôle des marchandises",
          "Suivi des niveaux de stock et réapprovisionnement",
          "Inventaires tournants et annuels",
        ),
      },
      {
        title: "Transport et livraison",
        duration: "70 h",
        content: lines(
          "Modes de transport et réglementation",
          "Documents de transport et d'expédition",
          "Organisation des tournées de livraison",
        ),
      },
      {
        title: "Entreposage",
        duration: "60 h",
        content: lines(
          "Implantation et organisation de l'entrepôt",
          "Manutention et règles de sécurité",
          "Préparation de commandes",
        ),
      },
      {
        title: "Qualité et traçabilité",
        duration: "50 h",
        content: lines(
          "Procédures qualité et indicateurs de performance",
          "Traçabilité des produits et des lots",
          "Gestion des non-conformités",
        ),
      },
      {
        title: "Outils informatiques",
        duration: "40 h",
        content: lines(
          "Logiciel de gestion d'entrepôt (WMS)",
          "Lecteurs de codes-barres et terminaux radio",
          "Tableur appliqué à la logistique",
        ),
      },
    ],
    skills: [
      "Gestion des stocks",
      "Préparation de commandes",
      "Organisation d'entrepôt",
      "Transport et expédition",
      "Traçabilité",
      "WMS",
    ],
    prerequisites:
      "Niveau 3e ou équivalent, goût pour l'organisation, capacité à travailler en équipe et bases en informatique.",
    certification: "Baccalauréat professionnel Logistique (niveau 4)",
    salaryRange: "20 000 € – 26 000 € brut/an",
    nextSessions: ["18 janvier 2027", "1er mars 2027", "3 mai 2027"],
    location: LOCATION,
    contactPhone: CONTACT_PHONE,
    contactEmail: CONTACT_EMAIL,
    careerOpportunities: [
      "Gestionnaire de stocks",
      "Agent logistique",
      "Préparateur de commandes",
      "Agent d'expédition",
      "Responsable d'entrepôt",
    ],
    funding: ["CPF", "Alternance", "Région"],
    sector: "Logistique et transport",
    imageUrl: null,
    accessDelay: "2 à 4 semaines après validation du dossier",
    teachingMethods:
      "Formation très pratique : mises en situation sur plateau logistique, exercices sur logiciel WMS, études de cas et accompagnement individuel par un formateur référent.",
    assessmentMethods:
      "Évaluations pratiques en cours de formation, contrôle des acquis sur les périodes en entreprise et épreuves finales de certification.",
    accessArrangements: ACCESS_ALTERNANCE,
    priceDetails: PRICE_ALTERNANCE,
    contactName: CONTACT_NAME,
    certifying: true,
    certifier: "Ministère de l'Éducation nationale et de la Jeunesse",
    certificationRegisteredOn: "2020-08-31",
    skillBlocks: [
      "Bloc 1 — Prendre en charge les flux entrants et sortants",
      "Bloc 2 — Préparer les commandes et gérer les stocks",
      "Bloc 3 — Conduire en sécurité les chariots de manutention",
    ],
    equivalences:
      "Les blocs obtenus restent acquis et sont reconnus dans les autres baccalauréats professionnels de la filière transport et logistique. Accès possible par la VAE.",
    furtherPaths:
      "BTS Gestion des transports et logistique associée (GTLA) ou titre professionnel Technicien·ne en logistique d'entreposage, en alternance.",
    accessibility: ACCESSIBILITY,
    results: results([91, 32], [94, 38], [90, 29], [95, 38]),
  },
  {
    title: "Formation WordPress",
    slug: "formation-wordpress",
    // The Lhéo export's codes (illustrative, as the rest of the demonstration centre).
    formacodes: ["31054"],
    nsfCodes: ["326"],
    romeCodes: ["M1805"],
    targetPublics: ["83056"],
    lheoFunders: ["10", "5", "16", "4"],
    pathType: "1",
    entryMode: "0",
    generalObjective: "3",
    aliases: ["wordpress"],
    position: 4,
    goals: ["competences", "outil"],
    formationType: "courte",
    badge: "Diplômante",
    rncpCode: null,
    entryLevel: "niveau-3",
    exitLevel: null,
    duration: "7 à 9 mois",
    format: "Présentiel + e-learning",
    description:
      "Créez et administrez des sites WordPress professionnels : installation, contenus, thèmes, extensions et SEO.",
    longDescription:
      "Cette formation vous apprend à concevoir, personnaliser et faire vivre un site WordPress de A à Z. Vous travaillez sur un projet réel, de l'installation à l'optimisation pour les moteurs de recherche. Elle associe des séances en présentiel et des modules en e-learning pour avancer à votre rythme.",
    content:
      "WordPress fait tourner une grande partie des sites web dans le monde. Avec cette formation **en présentiel et en e-learning**, vous apprenez à installer un site, gérer ses contenus, choisir et personnaliser un thème, ajouter des extensions et améliorer son **référencement naturel (SEO)**. Une certification est incluse en fin de parcours.",
    price: 1490,
    pricing: "payant",
    financingEligible: true,
    active: true,
    objectives: [
      "Installer et configurer un site WordPress",
      "Créer et organiser pages, articles et médias",
      "Choisir et personnaliser un thème",
      "Étendre les fonctionnalités avec des extensions",
      "Optimiser le référencement naturel d'un site",
    ],
    program: [
      {
        title: "Installation",
        duration: "15 h",
        content: lines(
          "Nom de domaine et hébergement",
          "Installation de WordPress",
          "Réglages généraux et sécurité de base",
        ),
      },
      {
        title: "Gestion de contenu",
        duration: "20 h",
        content: lines(
          "Pages, articles et catégories",
          "Éditeur de blocs Gutenberg",
          "Médiathèque et optimisation des images",
          "Menus et gestion des utilisateurs",
        ),
      },
      {
        title: "Thèmes",
        duration: "25 h",
        content: lines(
          "Choix et installation d'un thème",
          "Personnalisation avec l'éditeur de site",
          "Bases de HTML et CSS pour WordPress",
        ),
      },
      {
        title: "Extensions",
        duration: "20 h",
        content: lines(
          "Sélection d'extensions fiables",
          "Formulaires de contact et e-commerce",
          "Sauvegardes, sécurité et mises à jour",
        ),
      },
      {
        title: "Référencement (SEO)",
        duration: "15 h",
        content: lines(
          "Recherche de mots-clés",
          "Optimisation des contenus et des balises",
          "Suivi avec Google Search Console",
        ),
      },
    ],
    skills: [
      "Installation de WordPress",
      "Gestion de contenu",
      "Personnalisation de thèmes",
      "Extensions",
      "Référencement naturel (SEO)",
      "Maintenance de site",
    ],
    prerequisites:
      "Titulaire d'un BEP/CAP ou niveau équivalent, aisance avec l'ordinateur et la navigation sur Internet ; aucune connaissance en programmation n'est requise.",
    certification: "Certification incluse",
    salaryRange: "22 000 € – 30 000 € brut/an",
    nextSessions: ["4 janvier 2027", "8 mars 2027", "10 mai 2027"],
    location: LOCATION,
    contactPhone: CONTACT_PHONE,
    contactEmail: CONTACT_EMAIL,
    careerOpportunities: [
      "Webmaster",
      "Intégrateur·rice WordPress",
      "Chargé·e de communication digitale",
      "Gestionnaire de contenus web",
      "Freelance en création de sites",
    ],
    funding: ["CPF", "Autofinancement"],
    sector: "Web",
    imageUrl: null,
    accessDelay: "1 à 3 semaines après validation du dossier",
    teachingMethods:
      "Séances en présentiel en petit groupe, modules e-learning accessibles 24 h/24, exercices pratiques et réalisation d'un site complet accompagnée par un formateur.",
    assessmentMethods:
      "Quiz en ligne à la fin de chaque module, réalisation et présentation d'un site WordPress complet devant un jury, puis passage de la certification.",
    accessArrangements: ACCESS_SHORT,
    priceDetails:
      "1 490 € net de taxe pour l'ensemble de la formation (soit environ 10 € de l'heure), finançable par le CPF ; paiement en trois fois sans frais en autofinancement.",
    contactName: CONTACT_NAME,
    accessibility: ACCESSIBILITY,
    results: results([93, 45], [97, 52], [82, 40], [98, 52]),
  },
  {
    title: "Formation Développeur Web",
    slug: "formation-developpeur-web",
    // The Lhéo export's codes (illustrative, as the rest of the demonstration centre).
    formacodes: ["31054"],
    nsfCodes: ["326"],
    romeCodes: ["M1805"],
    targetPublics: ["83056", "80006", "82045"],
    lheoFunders: ["10", "4", "2"],
    pathType: "1",
    entryMode: "0",
    generalObjective: "7",
    aliases: ["developpeur-web"],
    position: 5,
    goals: ["reconversion", "competences"],
    formationType: "courte",
    badge: "Certifiante",
    rncpCode: null,
    entryLevel: "sans-niveau",
    exitLevel: null,
    duration: "2 à 3 mois",
    format: "100 % en ligne",
    description:
      "Bootcamp intensif 100 % en ligne : HTML/CSS, JavaScript, React et Node.js pour devenir développeur·se web.",
    longDescription:
      "Ce bootcamp intensif vous fait passer de débutant à développeur·se web opérationnel·le en quelques semaines. Vous apprenez les langages du front-end et du back-end en codant chaque jour, encadré·e par des développeurs en activité. Le parcours se termine par un projet final présenté à un jury.",
    content:
      "Un **bootcamp intensif 100 % en ligne** pour apprendre à coder des applications web modernes : HTML/CSS, JavaScript, React et Node.js. Vous travaillez en mode projet, avec des revues de code et des sessions en direct, et repartez avec un portfolio. Financement possible par le CPF ou France Travail (ex-Pôle Emploi).",
    price: 2990,
    pricing: "payant",
    financingEligible: true,
    active: true,
    objectives: [
      "Intégrer des pages web responsives en HTML et CSS",
      "Programmer en JavaScript moderne",
      "Développer des interfaces avec React",
      "Créer une API avec Node.js et une base de données",
      "Mener un projet web complet, de la conception au déploiement",
    ],
    program: [
      {
        title: "HTML/CSS",
        duration: "40 h",
        content: lines(
          "Structure sémantique d'une page",
          "Mise en page avec Flexbox et Grid",
          "Responsive design et accessibilité",
        ),
      },
      {
        title: "JavaScript",
        duration: "50 h",
        content: lines(
          "Syntaxe moderne et types de données",
          "Manipulation du DOM et événements",
          "Requêtes asynchrones et API",
          "Git et GitHub",
        ),
      },
      {
        title: "React",
        duration: "60 h",
        content: lines(
          "Composants, props et état",
          "Hooks et gestion des effets",
          "Routage et formulaires",
          "Tests des composants",
        ),
      },
      {
        title: "Node.js (back-end)",
        duration: "40 h",
        content: lines("Création d'une API REST", "Base de données SQL", "Authentification et sécurité"),
      },
      {
        title: "Projet final",
        duration: "30 h",
        content: lines(
          "Conception et maquettage d'une application",
          "Développement en équipe",
          "Déploiement en ligne",
          "Soutenance devant un jury",
        ),
      },
    ],
    skills: ["HTML5", "CSS3", "JavaScript", "React", "Node.js", "Git", "API REST"],
    prerequisites:
      "Ouvert à tous, sans diplôme requis : motivation, disponibilité pour un rythme intensif (environ 35 heures par semaine) et un ordinateur avec une connexion Internet.",
    certification: "Certificat Développeur Web, délivré après validation du projet final devant un jury",
    salaryRange: "30 000 € – 38 000 € brut/an",
    nextSessions: ["11 janvier 2027", "1er mars 2027", "3 mai 2027"],
    location: LOCATION,
    contactPhone: CONTACT_PHONE,
    contactEmail: CONTACT_EMAIL,
    careerOpportunities: [
      "Développeur·se web front-end",
      "Développeur·se full-stack junior",
      "Intégrateur·rice web",
      "Développeur·se React",
    ],
    funding: ["CPF", "France Travail"],
    sector: "Développement web",
    imageUrl: null,
    accessDelay: "2 à 3 semaines après validation du dossier",
    teachingMethods:
      "Bootcamp en ligne : sessions en direct chaque jour, exercices pratiques, pair programming, revues de code par des développeurs en activité et plateforme e-learning accessible 24 h/24.",
    assessmentMethods:
      "Exercices corrigés et revues de code hebdomadaires, projets intermédiaires notés et soutenance du projet final devant un jury de professionnels.",
    accessArrangements: ACCESS_SHORT,
    priceDetails:
      "2 990 € net de taxe pour le bootcamp complet ; tarif entreprise sur devis. Prise en charge possible par le CPF ou France Travail (AIF).",
    contactName: CONTACT_NAME,
    accessibility: ACCESSIBILITY,
    results: results([90, 30], [98, 37], [80, 27], [99, 37]),
  },
];

/** formationSlug null = general testimonial */
export const SEED_TESTIMONIALS: (Omit<NewTestimonial, "id" | "formationId"> & {
  formationSlug: string | null;
})[] = [
  {
    name: "Camille Martin",
    content:
      "Après dix ans dans la vente, je voulais me reconvertir dans les RH. L'alternance m'a permis d'apprendre la paie et le recrutement sur le terrain, et j'ai été embauchée dans mon entreprise d'accueil à la fin du titre.",
    position: "Assistante ressources humaines",
    company: "Groupe Hexa Services",
    avatarUrl: null,
    videoUrl: null,
    rating: 5,
    active: true,
    formationSlug: "tp-assistant-ressources-humaines",
  },
  {
    name: "Yanis Benali",
    content:
      "Les formateurs connaissent vraiment le terrain. Les jeux de rôle en prospection m'ont donné confiance, et j'ai décroché un CDI avant même la fin de ma formation.",
    position: "Assistant commercial",
    company: "Distrilux",
    avatarUrl: null,
    videoUrl: null,
    rating: 5,
    active: true,
    formationSlug: "tp-assistant-commercial",
  },
  {
    name: "Léa Dubois",
    content:
      "Le bootcamp est intense mais extrêmement formateur. En trois mois, je suis passée de zéro à une application React complète, et les revues de code m'ont beaucoup fait progresser.",
    position: "Développeuse front-end junior",
    company: "Agence Pixelis",
    avatarUrl: null,
    videoUrl: null,
    rating: 5,
    active: true,
    formationSlug: "formation-developpeur-web",
  },
  {
    name: "Thomas Lefèvre",
    content:
      "J'ai créé le site de mon activité pendant la formation. Le mélange de présentiel et d'e-learning m'a permis de continuer à travailler à côté. Seul regret : j'aurais aimé un peu plus de temps sur le SEO.",
    position: "Artisan menuisier",
    company: "Lefèvre Menuiserie",
    avatarUrl: null,
    videoUrl: null,
    rating: 4,
    active: true,
    formationSlug: "formation-wordpress",
  },
  {
    name: "Nadia Rousseau",
    content:
      "Dès le premier appel, l'équipe m'a aidée à monter mon dossier de financement avec France Travail (ex-Pôle Emploi). Un accompagnement humain et disponible du début à la fin.",
    position: "Demandeuse d'emploi en reconversion",
    company: null,
    avatarUrl: null,
    videoUrl: null,
    rating: 5,
    active: true,
    formationSlug: null,
  },
  {
    name: "Julien Moreau",
    content:
      "Bonne formation dans l'ensemble, avec des exercices pratiques sur le logiciel de gestion d'entrepôt. Le planning a changé deux fois au début, mais l'équipe a vite trouvé une solution.",
    position: "Agent logistique",
    company: "Logistique Île-de-France",
    avatarUrl: null,
    videoUrl: null,
    rating: 4,
    active: false,
    formationSlug: "bac-pro-logistique",
  },
];

export const SEED_BLOG_POSTS: Omit<NewBlogPost, "id" | "authorId">[] = [
  {
    title: "Reconversion professionnelle : 5 étapes pour réussir votre changement de carrière",
    slug: "reconversion-professionnelle-5-etapes",
    excerpt:
      "Changer de métier se prépare. Voici une méthode en cinq étapes pour passer de l'envie de reconversion à un nouveau poste.",
    category: "Reconversion",
    published: true,
    featuredImage: null,
    createdAt: new Date("2026-09-08T09:00:00+02:00"),
    updatedAt: new Date("2026-09-10T14:30:00+02:00"),
    content: `Chaque année, des centaines de milliers de personnes en France envisagent de changer de métier. Perte de sens, envie d'évoluer, secteur en difficulté : les raisons sont nombreuses. Une **reconversion réussie** repose pourtant toujours sur la même chose : une préparation solide. Voici notre méthode en cinq étapes.

## 1. Faire le point sur vos motivations

Avant de choisir un nouveau métier, prenez le temps de comprendre ce que vous voulez quitter et ce que vous recherchez. Posez-vous quelques questions simples :

- Qu'est-ce qui me plaît et me déplaît dans mon poste actuel ?
- Quelles tâches me donnent de l'énergie ?
- Quelles sont mes contraintes (revenus, mobilité, vie familiale) ?

Un **bilan de compétences**, finançable par le CPF, peut vous aider à structurer cette réflexion avec un professionnel.

## 2. Identifier vos compétences transférables

Vous ne repartez jamais de zéro. Organisation, relation client, gestion des priorités, travail en équipe : ces compétences s'appliquent à de nombreux métiers. Un vendeur a déjà de solides bases pour devenir assistant commercial, une personne habituée à gérer des plannings peut s'orienter vers les ressources humaines ou la logistique.

## 3. Explorer les métiers qui recrutent

Renseignez-vous sur les secteurs porteurs : fonctions support (RH, administration des ventes), logistique, numérique. Pour vous faire une idée concrète :

1. lisez les fiches métiers et les offres d'emploi de votre région ;
2. échangez avec des professionnels en poste ;
3. testez le métier grâce à une immersion en entreprise.

## 4. Choisir la bonne formation

Une formation certifiante ou diplômante rassure les recruteurs et accélère votre insertion. Vérifiez trois points : la reconnaissance de la certification (titre inscrit au RNCP, par exemple), le format (alternance, présentiel, à distance) et les résultats publiés par l'organisme (taux de réussite, taux d'insertion). Découvrez [nos formations en alternance et courtes](/formations) pour comparer les parcours.

## 5. Monter votre plan de financement

Le coût ne doit pas être un frein. Selon votre situation, plusieurs solutions existent : CPF, aides de France Travail (ex-Pôle Emploi), financement par l'employeur via l'OPCO ou alternance, où la formation est prise en charge et vous êtes rémunéré·e. Consultez notre page [financements](/financements) pour connaître les dispositifs adaptés à votre profil.

## En résumé

Une reconversion se construit pas à pas : clarifier son projet, valoriser ses acquis, choisir une formation reconnue et sécuriser son financement. Nos conseillers vous accompagnent gratuitement à chaque étape, jusqu'à votre retour à l'emploi.`,
  },
  {
    title: "Alternance : contrat d'apprentissage ou contrat de professionnalisation ?",
    slug: "alternance-apprentissage-ou-professionnalisation",
    excerpt:
      "Deux contrats permettent de se former en alternance. Âge, durée, rémunération : on fait le point pour vous aider à choisir.",
    category: "Alternance",
    published: true,
    featuredImage: null,
    createdAt: new Date("2026-09-29T09:00:00+02:00"),
    updatedAt: new Date("2026-10-02T11:15:00+02:00"),
    content: `L'alternance permet de préparer un diplôme ou un titre professionnel tout en travaillant en entreprise. Vous êtes salarié·e, rémunéré·e, et votre formation est financée. Deux contrats existent : le **contrat d'apprentissage** et le **contrat de professionnalisation**. Voici comment les distinguer.

## Le contrat d'apprentissage

Il s'adresse principalement aux jeunes de 16 à 29 ans révolus. La limite d'âge ne s'applique pas dans certains cas, notamment pour les personnes reconnues travailleurs handicapés ou les porteurs d'un projet de création d'entreprise.

- Il prépare obligatoirement un diplôme ou un titre inscrit au RNCP.
- Sa durée varie en général de 6 mois à 3 ans selon la certification visée.
- La rémunération est un pourcentage du SMIC qui dépend de votre âge et de votre année de formation.

## Le contrat de professionnalisation

Il est ouvert aux jeunes de 16 à 25 ans, aux demandeurs d'emploi de 26 ans et plus et aux bénéficiaires de certains minima sociaux.

- Il vise une qualification reconnue : titre professionnel, certificat de qualification professionnelle ou diplôme.
- Sa durée est généralement comprise entre 6 et 12 mois, et peut être allongée jusqu'à 24 mois.
- La rémunération dépend de l'âge et du niveau de formation initiale ; les salariés de 26 ans et plus perçoivent au minimum le SMIC.

## Comment choisir ?

Le bon contrat dépend surtout de votre âge, de votre situation et de la formation visée. En pratique :

1. vérifiez votre éligibilité à chaque contrat ;
2. regardez la durée de la formation qui vous intéresse ;
3. discutez-en avec l'entreprise qui souhaite vous recruter, car c'est elle qui signe le contrat.

## Trouver une entreprise d'accueil

C'est souvent l'étape la plus difficile. Préparez un CV ciblé, activez votre réseau et répondez aux offres publiées par les entreprises. Notre équipe vous aide à rédiger vos candidatures et met en relation nos apprenants avec des entreprises partenaires.

## Nos formations en alternance

Le centre propose plusieurs parcours en alternance, dont le **TP Assistant Ressources Humaines**, le **TP Assistant Commercial** et le **Bac Pro Logistique**. Retrouvez le programme, les prérequis et les prochaines sessions sur notre page [formations](/formations), ou contactez-nous pour vérifier quel contrat correspond à votre situation.`,
  },
  {
    title: "Financer sa formation avec le CPF : le guide pratique",
    slug: "financer-sa-formation-avec-le-cpf",
    excerpt:
      "Le compte personnel de formation permet de financer une formation certifiante. Droits, démarches et astuces pour bien l'utiliser.",
    category: "Financement",
    published: true,
    featuredImage: null,
    createdAt: new Date("2026-10-20T09:00:00+02:00"),
    updatedAt: new Date("2026-10-21T16:45:00+02:00"),
    content: `Le **compte personnel de formation (CPF)** est l'un des moyens les plus simples de financer une formation. Tout actif dispose d'un compte, alimenté chaque année, qu'il peut utiliser librement pour se former. Voici l'essentiel à savoir.

## Combien avez-vous sur votre CPF ?

Votre compte est crédité en euros chaque année, en fonction de votre temps de travail :

- **500 € par an** pour un salarié à temps plein ou à mi-temps, dans la limite de **5 000 €** ;
- 800 € par an, dans la limite de 8 000 €, pour les salariés peu qualifiés et les personnes en situation de handicap ;
- les droits acquis restent sur votre compte, même en cas de changement d'employeur ou de période de chômage.

Pour connaître votre solde, connectez-vous sur le site officiel Mon Compte Formation avec votre identité numérique.

## Quelles formations sont éligibles ?

Le CPF finance les formations qui mènent à une certification reconnue : titres et diplômes inscrits au RNCP, certifications du répertoire spécifique, bilans de compétences, VAE ou encore permis de conduire. Plusieurs formations de notre centre sont éligibles, dont la [Formation WordPress](/formation/formation-wordpress) et la [Formation Développeur Web](/formation/formation-developpeur-web).

## Les étapes pour vous inscrire

1. Recherchez la formation sur Mon Compte Formation.
2. Consultez la fiche et les prochaines sessions.
3. Envoyez votre demande d'inscription à l'organisme.
4. Validez la proposition reçue pour confirmer votre inscription.

Une participation forfaitaire peut vous être demandée lors de l'inscription, sauf exceptions, par exemple pour les demandeurs d'emploi ou lorsque l'employeur complète le financement.

## Et si votre solde ne suffit pas ?

Le CPF peut être complété par d'autres financeurs. On parle d'**abondement** :

- votre employeur, dans le cadre d'un accord ou d'un projet commun ;
- France Travail (ex-Pôle Emploi) si vous êtes demandeur d'emploi ;
- la Région, selon les dispositifs locaux ;
- un financement personnel pour le reste à charge.

## Notre conseil

Ne laissez pas vos droits dormir et préparez votre projet en amont. Nos conseillers vérifient gratuitement vos droits et construisent avec vous un plan de financement. Toutes les solutions sont présentées sur notre page [financements](/financements).`,
  },
  {
    title: "Réussir son entretien d'embauche après une formation",
    slug: "reussir-son-entretien-apres-une-formation",
    excerpt:
      "Vous venez de terminer votre formation ? Nos conseils pour valoriser votre parcours et convaincre un recruteur en entretien.",
    category: "Conseils",
    published: true,
    featuredImage: null,
    createdAt: new Date("2026-11-10T09:00:00+01:00"),
    updatedAt: new Date("2026-11-12T10:20:00+01:00"),
    content: `Une formation terminée, c'est une nouvelle étape qui commence : décrocher un poste. L'entretien d'embauche est le moment de transformer vos nouvelles compétences en arguments. Voici nos conseils pour vous y préparer sereinement.

## Préparer l'entretien

Un entretien réussi se prépare plusieurs jours à l'avance.

- **Renseignez-vous sur l'entreprise** : activité, clients, valeurs, actualités récentes.
- Relisez l'offre et repérez les compétences clés demandées.
- Préparez trois ou quatre exemples concrets qui prouvent ces compétences.
- Préparez aussi vos questions : elles montrent votre intérêt pour le poste.

## Valoriser votre formation

Les recruteurs apprécient les candidats qui savent expliquer leur parcours. Présentez votre formation comme un choix réfléchi et mettez en avant ce que vous avez réalisé :

1. le projet ou la mission la plus marquante ;
2. les outils que vous maîtrisez désormais (logiciel de paie, CRM, WMS, WordPress, React…) ;
3. la certification ou le titre obtenu, et ce qu'il garantit à l'employeur.

Si vous êtes en reconversion, reliez votre expérience passée à votre nouveau métier : vos compétences transférables sont un véritable atout.

## Répondre aux questions difficiles

Certaines questions reviennent souvent. « Pourquoi ce changement de métier ? » : répondez avec une motivation positive, tournée vers l'avenir. « Quel est votre principal défaut ? » : choisissez un point réel et expliquez comment vous le travaillez. « Vous manquez d'expérience » : rappelez vos périodes en entreprise, vos projets et votre capacité à apprendre vite.

## Le jour J

- Arrivez quelques minutes en avance, ou testez votre connexion pour un entretien en visio.
- Adoptez une tenue adaptée aux codes de l'entreprise.
- Écoutez attentivement, prenez des notes et n'hésitez pas à reformuler.

## Après l'entretien

Envoyez un court message de remerciement dans les 24 heures. Si vous n'avez pas de réponse après une semaine ou deux, relancez poliment. Chaque entretien, même sans suite, vous fait progresser.

## Un accompagnement jusqu'à l'emploi

Nos apprenants bénéficient d'un **suivi de 6 mois après la formation** : simulations d'entretien, relecture de CV et mise en relation avec nos entreprises partenaires. Pas encore formé·e ? Découvrez [nos formations](/formations) et les métiers auxquels elles préparent.`,
  },
  {
    title: "Demandeur d'emploi : les aides de France Travail (ex-Pôle Emploi) pour vous former",
    slug: "demandeur-emploi-aides-france-travail-formation",
    excerpt:
      "AIF, CPF, rémunération pendant la formation : tour d'horizon des aides proposées aux demandeurs d'emploi qui veulent se former.",
    category: "Financement",
    published: false,
    featuredImage: null,
    createdAt: new Date("2026-11-24T09:00:00+01:00"),
    updatedAt: new Date("2026-11-26T17:05:00+01:00"),
    content: `Vous êtes inscrit·e à France Travail (ex-Pôle Emploi) et vous souhaitez vous former pour retrouver un emploi ? Plusieurs dispositifs peuvent prendre en charge tout ou partie de votre formation. Voici un tour d'horizon des principales solutions.

## Parler de votre projet à votre conseiller

Tout commence par un échange avec votre conseiller. Présentez-lui un projet clair : le métier visé, la formation choisie, l'organisme et les débouchés dans votre région. Plus votre projet est construit, plus il sera simple de le faire financer. Un devis de l'organisme de formation vous sera demandé.

## Les principales aides

- **L'aide individuelle à la formation (AIF)** : elle finance une formation qui correspond à votre projet de retour à l'emploi, lorsque les autres dispositifs ne suffisent pas. Elle peut couvrir jusqu'à 100 % des frais pédagogiques.
- **Le CPF** : vos droits restent mobilisables pendant une période de chômage, et France Travail (ex-Pôle Emploi) peut compléter votre solde.
- **Les formations financées par la Région** : chaque région achète des places de formation dans les métiers qui recrutent.
- **La préparation opérationnelle à l'emploi (POE)** : une formation financée avant une embauche, lorsqu'une entreprise a un poste à pourvoir.

## Être rémunéré pendant la formation

Si vous percevez l'allocation chômage, vous continuez en général à la percevoir pendant une formation validée par votre conseiller. Si vous n'êtes pas indemnisé·e, une rémunération de formation peut vous être versée sous conditions. Renseignez-vous avant l'entrée en formation.

## Les démarches pas à pas

1. Choisissez votre formation et demandez un devis à l'organisme.
2. Présentez votre projet à votre conseiller.
3. L'organisme dépose la demande de financement.
4. Attendez la validation avant le début de la formation.

## Et l'alternance ?

Les demandeurs d'emploi de 26 ans et plus peuvent signer un contrat de professionnalisation : la formation est financée et vous êtes salarié·e. C'est une piste à étudier pour nos formations en alternance.

## Nous vous accompagnons

Nos conseillers vous aident à monter votre dossier et à préparer l'échange avec votre conseiller. Retrouvez tous les dispositifs sur notre page [financements](/financements) et nos parcours éligibles sur la page [formations](/formations).`,
  },
];
