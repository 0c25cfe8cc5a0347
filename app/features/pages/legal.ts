import {
  activitySentence,
  type CentreIdentity,
  fullAddress,
  legalIdentity,
  type PublicCentre,
  VAT_EXEMPT_NOTICE,
} from "~/features/settings";
import { formatDate } from "~/platform/dates";

/**
 * The part of the legal pages generated from Paramètres: who publishes the site, hosts it, answers for
 * the data. Never typed in Pages, so a legal identifier is written once (Paramètres) and shown the same
 * everywhere; the rest of each legal page is its text in Pages, shown below these sections.
 */
export interface LegalSection {
  title: string;
  paragraphs: readonly string[];
}

/** The legal notice's first sections: the publisher, its director, the host, the mediator. */
export const publisherSections = (centre: PublicCentre): readonly LegalSection[] => [
  {
    title: "1. Identité de l'éditeur",
    paragraphs: [
      `Le site est édité par ${legalIdentity(centre)}${centre.foundedOn ? `, créée le ${formatDate(centre.foundedOn)}` : ""}.`,
      `Siège : ${fullAddress(centre)}. SIRET : ${centre.siret}. ${centre.rcs ? `${centre.rcs}. ` : ""}Téléphone : ${centre.phone}. E-mail : ${centre.email}.`,
      `${activitySentence(centre)}${centre.vatExempt ? ` ${VAT_EXEMPT_NOTICE}` : ""}`,
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
];

/** The privacy policy's first section: the controller, as set in Paramètres. */
export const controllerSections = (centre: CentreIdentity): readonly LegalSection[] => [
  {
    title: "1. Responsable du traitement",
    paragraphs: [
      `${centre.name}, ${fullAddress(centre)}, représenté par ${centre.publicationDirector}. Contact : ${centre.email}.`,
    ],
  },
];
