import { ACTIVITY_NOTICE, activitySentence, type CentreIdentity, fullAddress } from "~/features/settings";
import { formatDate } from "~/platform/dates";

/** The legal pages. A section's body is a list of paragraphs or bullet items. */
export interface LegalSection {
  title: string;
  paragraphs: readonly string[];
  items?: readonly string[];
}

export const LEGAL_UPDATED = "Dernière mise à jour : 22 novembre 2026";

/** The legal notice, with the centre's identity as set in the console (Paramètres). */
export const mentionsLegales = (centre: CentreIdentity): readonly LegalSection[] => [
  {
    title: "1. Identité de l'éditeur",
    paragraphs: [
      `Le site est édité par ${centre.name}, ${centre.legalForm.toLowerCase()} au capital de ${centre.shareCapital}${centre.foundedOn ? `, créée le ${formatDate(centre.foundedOn)}` : ""}.`,
      `Siège : ${fullAddress(centre)}. SIRET : ${centre.siret}. ${centre.rcs ? `${centre.rcs}. ` : ""}Téléphone : ${centre.phone}. E-mail : ${centre.email}.`,
      `${activitySentence(centre)} ${ACTIVITY_NOTICE}. Organisme exonéré de TVA (article 261-4-4° du CGI).`,
    ],
  },
  {
    title: "2. Directeur de la publication",
    paragraphs: [`${centre.publicationDirector}.`],
  },
  {
    title: "3. Hébergement",
    paragraphs: [`Le site est hébergé par ${centre.host}.`],
  },
  ...(centre.mediatorName
    ? [
        {
          title: "Médiation de la consommation",
          paragraphs: [
            `En cas de litige, vous pouvez recourir gratuitement au médiateur de la consommation : ${centre.mediatorName}${centre.mediatorWebsite ? ` (${centre.mediatorWebsite})` : ""}.`,
          ],
        },
      ]
    : []),
  {
    title: "4. Propriété intellectuelle",
    paragraphs: [
      "L'ensemble des contenus du site (textes, images, logos, documents téléchargeables) est protégé par le droit de la propriété intellectuelle. Toute reproduction ou représentation, totale ou partielle, sans autorisation écrite préalable est interdite.",
    ],
  },
  {
    title: "5. Responsabilité",
    paragraphs: [
      "L'éditeur s'efforce de fournir des informations exactes et à jour, mais ne peut garantir l'exhaustivité des informations publiées. Les informations sur les formations (dates, tarifs, financements) sont données à titre indicatif et confirmées lors de l'inscription.",
    ],
  },
  {
    title: "6. Liens hypertextes",
    paragraphs: [
      "Le site peut contenir des liens vers d'autres sites. L'éditeur n'exerce aucun contrôle sur ces sites et décline toute responsabilité quant à leur contenu.",
    ],
  },
  {
    title: "7. Données personnelles",
    paragraphs: [
      "Le traitement de vos données personnelles est décrit dans notre politique de confidentialité. Vous pouvez exercer vos droits en écrivant à l'adresse e-mail ci-dessus.",
    ],
  },
  {
    title: "8. Droit applicable",
    paragraphs: [
      "Les présentes mentions légales sont régies par le droit français. En cas de litige, et à défaut de résolution amiable, les tribunaux français sont seuls compétents.",
    ],
  },
];

/**
 * The privacy policy: the controller is the centre as set in the console (Paramètres), and
 * `retentionMonths` how long refused and withdrawn applications are kept (APPLICATION_RETENTION_MONTHS),
 * so the page states the period the server applies.
 */
export const politiqueConfidentialite = (
  centre: CentreIdentity,
  retentionMonths: number,
): readonly LegalSection[] => [
  {
    title: "1. Responsable du traitement",
    paragraphs: [
      `${centre.name}, ${fullAddress(centre)}, représenté par ${centre.publicationDirector}. Contact : ${centre.email}.`,
    ],
  },
  {
    title: "2. Données collectées",
    paragraphs: [
      "Nous collectons les données que vous nous transmettez : nom, prénom, adresse e-mail, numéro de téléphone, formation qui vous intéresse et contenu de votre message ; ainsi que, pour les comptes, les données de connexion.",
      "Pour une candidature en ligne : votre situation, le financement envisagé, votre dernier diplôme, vos motivations, un éventuel besoin d'aménagement, votre CV et votre lettre de motivation.",
    ],
  },
  {
    title: "3. Finalités",
    paragraphs: [
      "Vos données servent à répondre à vos demandes d'information et de rappel, à gérer votre inscription et, si vous l'avez accepté, à vous envoyer nos actualités.",
    ],
  },
  {
    title: "4. Base légale",
    paragraphs: [
      "Les traitements reposent sur votre consentement (envoi d'actualités), sur l'exécution de mesures précontractuelles prises à votre demande (réponse à une demande d'information) et sur nos obligations légales d'organisme de formation.",
    ],
  },
  {
    title: "5. Destinataires",
    paragraphs: [
      "Vos données sont destinées à l'équipe du centre et, le cas échéant, aux financeurs de votre formation. Elles ne sont jamais vendues.",
    ],
  },
  {
    title: "6. Durée de conservation",
    paragraphs: [
      "Les demandes de contact et les réclamations (avec les réponses qui leur ont été faites) sont conservées 3 ans après le dernier échange ; les données des apprenants pendant la durée imposée par nos obligations légales.",
      `Une candidature refusée ou retirée (désistement) est supprimée automatiquement, avec son CV, sa lettre de motivation et les e-mails qui la concernent, ${retentionMonths} mois après cette décision. Une candidature retenue rejoint votre dossier d'apprenant·e.`,
      `Votre dossier de stagiaire (nom, e-mail, entreprise) est anonymisé ${retentionMonths} mois après la fin de votre session : seuls restent, sans votre identité, votre statut (formation terminée ou abandonnée) et le résultat de la certification, qui servent aux indicateurs de résultats que le centre publie.`,
    ],
  },
  {
    title: "7. Vos droits",
    paragraphs: [
      `Conformément au Règlement général sur la protection des données (RGPD), vous disposez des droits suivants, que vous pouvez exercer en écrivant à ${centre.email} :`,
    ],
    items: [
      "droit d'accès à vos données ;",
      "droit de rectification ;",
      "droit à l'effacement ;",
      "droit à la limitation du traitement ;",
      "droit à la portabilité de vos données ;",
      "droit d'opposition.",
    ],
  },
  {
    title: "8. Cookies",
    paragraphs: [
      "Le site n'utilise que des cookies strictement nécessaires à son fonctionnement (session de connexion, messages de confirmation). Aucun cookie publicitaire ni de mesure d'audience tierce n'est déposé.",
    ],
  },
  {
    title: "9. Réclamation",
    paragraphs: [
      "Si vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL (www.cnil.fr).",
    ],
  },
];

export const CGU: readonly LegalSection[] = [
  {
    title: "1. Objet",
    paragraphs: [
      "Les présentes conditions générales d'utilisation encadrent l'accès et l'utilisation du site.",
    ],
  },
  {
    title: "2. Acceptation",
    paragraphs: ["L'utilisation du site vaut acceptation sans réserve des présentes conditions."],
  },
  {
    title: "3. Accès au site",
    paragraphs: [
      "Le site est accessible gratuitement à tout utilisateur disposant d'un accès à internet. L'éditeur peut interrompre l'accès pour maintenance sans préavis.",
    ],
  },
  {
    title: "4. Compte utilisateur",
    paragraphs: [
      "La création d'un compte nécessite une adresse e-mail valide et un mot de passe. Vous êtes responsable de la confidentialité de vos identifiants.",
    ],
  },
  {
    title: "5. Services proposés",
    paragraphs: [
      "Le site présente les formations du centre, permet de demander des informations ou un rappel et donne accès à des ressources téléchargeables.",
    ],
  },
  {
    title: "6. Obligations de l'utilisateur",
    paragraphs: [
      "Vous vous engagez à fournir des informations exactes et à ne pas porter atteinte au bon fonctionnement du site.",
    ],
  },
  {
    title: "7. Propriété intellectuelle",
    paragraphs: [
      "Les contenus du site sont protégés. Les ressources téléchargeables sont réservées à un usage personnel et non commercial.",
    ],
  },
  {
    title: "8. Données personnelles",
    paragraphs: ["Les données collectées sont traitées conformément à notre politique de confidentialité."],
  },
  {
    title: "9. Responsabilité",
    paragraphs: [
      "L'éditeur ne saurait être tenu responsable des dommages résultant d'une utilisation du site non conforme aux présentes conditions.",
    ],
  },
  {
    title: "10. Droit applicable et modification",
    paragraphs: [
      "Les présentes conditions sont régies par le droit français. L'éditeur peut les modifier à tout moment ; la version applicable est celle en ligne lors de votre visite.",
    ],
  },
];
