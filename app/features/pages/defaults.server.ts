import type { PageContent, PageId } from "./definitions";

/**
 * What each page says until staff save it in Pages: the one place that holds the pages' default
 * text. Read at request time for a page that has no row in site_pages. A legal page shows it (the law
 * wants the page from the first day; its identity comes from Paramètres); a page of the centre's own
 * words (`centreText`) only opens its editor on it, as the draft to review, and visitors read nothing
 * of it until 'Publier'. Server side only: no browser downloads it, the public pages receive their
 * text from their loader.
 */
export const PAGE_DEFAULTS: Readonly<Record<PageId, PageContent>> = {
  // The centre's own pages: what the editor opens on until staff save, never shown to visitors
  // before 'Publier'. Nothing here may promise what a centre has not checked (no label, delay,
  // tool or funding rate): either a plain statement true of any centre, or a line asking for the
  // centre's own words. The demonstration centre's texts are its fixtures (features/demo).
  accueil: {
    heroTitle: "Des formations professionnelles pour adultes",
    heroText: "Découvrez nos formations et contactez-nous pour construire votre projet.",
    goalsTitle: "Choisissez votre objectif",
    goalsText:
      "Dites-nous ce que vous souhaitez accomplir : nous vous indiquons les formations qui y répondent.",
    methodTitle: "Notre méthode pédagogique",
    method: "",
    partners: "",
  },
  "notre-centre": {
    intro: "À compléter : qui est le centre, pour qui il forme et comment.",
    certifications: "",
    mission:
      "À compléter : la mission du centre, puis « ### Valeur » suivi de sa description pour chaque valeur.",
    teamTitle: "Notre équipe",
    teamText: "À compléter : qui sont les formateurs et l'équipe du centre.",
    description: "Présentation du centre de formation, de son équipe et de ses informations légales.",
  },
  financements: {
    badge: "",
    intro:
      "Plusieurs dispositifs peuvent financer tout ou partie d'une formation selon votre situation. Contactez-nous pour étudier la vôtre.",
    options: "",
    guideUrl: "",
    description:
      "Les dispositifs de financement d'une formation, et comment nous contacter pour étudier votre situation.",
  },
  ressources: {
    intro: "Documents et articles pour préparer votre projet de formation.",
    documents: "",
    faq: "",
    description: "Documents, articles et questions fréquentes pour préparer votre formation.",
  },
  contact: {
    replyDelay: "",
    reasonsTitle: "Pourquoi nous choisir ?",
    reasons: "",
  },
  "mentions-legales": {
    body: "## 4. Propriété intellectuelle\n\nL'ensemble des contenus du site (textes, images, logos, documents téléchargeables) est protégé par le droit de la propriété intellectuelle. Toute reproduction ou représentation, totale ou partielle, sans autorisation écrite préalable est interdite.\n\n## 5. Responsabilité\n\nL'éditeur s'efforce de fournir des informations exactes et à jour, mais ne peut garantir l'exhaustivité des informations publiées. Les informations sur les formations (dates, tarifs, financements) sont données à titre indicatif et confirmées lors de l'inscription.\n\n## 6. Liens hypertextes\n\nLe site peut contenir des liens vers d'autres sites. L'éditeur n'exerce aucun contrôle sur ces sites et décline toute responsabilité quant à leur contenu.\n\n## 7. Données personnelles\n\nLe traitement de vos données personnelles est décrit dans notre politique de confidentialité. Vous pouvez exercer vos droits en écrivant à l'adresse e-mail ci-dessus.\n\n## 8. Droit applicable\n\nLes présentes mentions légales sont régies par le droit français. En cas de litige, et à défaut de résolution amiable, les tribunaux français sont seuls compétents.",
  },
  "politique-confidentialite": {
    body: "## 2. Données collectées\n\nNous collectons les données que vous nous transmettez : nom, prénom, adresse e-mail, numéro de téléphone, formation qui vous intéresse et contenu de votre message ; ainsi que, pour les comptes, les données de connexion.\n\nPour une candidature en ligne : votre situation, le financement envisagé, votre dernier diplôme, vos motivations, un éventuel besoin d'aménagement, votre CV et votre lettre de motivation.\n\n## 3. Finalités\n\nVos données servent à répondre à vos demandes d'information et de rappel, à gérer votre inscription et, si vous l'avez accepté, à vous envoyer nos actualités.\n\n## 4. Base légale\n\nLes traitements reposent sur votre consentement (envoi d'actualités), sur l'exécution de mesures précontractuelles prises à votre demande (réponse à une demande d'information) et sur nos obligations légales d'organisme de formation.\n\n## 5. Destinataires\n\nVos données sont destinées à l'équipe du centre et, le cas échéant, aux financeurs de votre formation. Elles ne sont jamais vendues.\n\n## 6. Durée de conservation\n\nLes demandes de contact sont conservées 3 ans après le dernier échange. Une réclamation reste inscrite à notre registre des réclamations (référence, catégorie, dates, statut, action corrective), mais vos données personnelles (nom, coordonnées, texte de la réclamation et des réponses) en sont effacées automatiquement 3 ans après sa clôture. Les données des apprenants sont conservées pendant la durée imposée par nos obligations légales.\n\nUne candidature refusée ou retirée (désistement) est supprimée automatiquement, avec son CV, sa lettre de motivation et les e-mails qui la concernent, {{duree_conservation_candidatures}} après cette décision. Une candidature retenue rejoint votre dossier d'apprenant·e.\n\nVotre dossier de stagiaire (nom, e-mail, entreprise) est anonymisé {{duree_conservation_stagiaires}} après la fin de votre session : seuls restent, sans votre identité, votre statut (formation terminée ou abandonnée) et le résultat de la certification, qui servent aux indicateurs de résultats que le centre publie.\n\nLes factures et les avoirs émis, qui nomment le ou la stagiaire et le financeur, sont conservés dix ans, comme le Code de commerce l'impose aux pièces comptables (article L. 123-22)\u00a0: ni l'anonymisation du dossier de stagiaire ni l'effacement d'une candidature ne les modifient.\n\n## 7. Vos droits\n\nConformément au Règlement général sur la protection des données (RGPD), vous disposez des droits suivants, que vous pouvez exercer en écrivant à {{email}} :\n\n- droit d'accès à vos données ;\n- droit de rectification ;\n- droit à l'effacement ;\n- droit à la limitation du traitement ;\n- droit à la portabilité de vos données ;\n- droit d'opposition.\n\n## 8. Cookies\n\nLe site n'utilise que des cookies strictement nécessaires à son fonctionnement (session de connexion, messages de confirmation). Aucun cookie publicitaire ni de mesure d'audience tierce n'est déposé.\n\n## 9. Réclamation\n\nSi vous estimez que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL (www.cnil.fr).",
  },
  cgu: {
    body: "## 1. Objet\n\nLes présentes conditions générales d'utilisation encadrent l'accès et l'utilisation du site.\n\n## 2. Acceptation\n\nL'utilisation du site vaut acceptation sans réserve des présentes conditions.\n\n## 3. Accès au site\n\nLe site est accessible gratuitement à tout utilisateur disposant d'un accès à internet. L'éditeur peut interrompre l'accès pour maintenance sans préavis.\n\n## 4. Compte utilisateur\n\nLa création d'un compte nécessite une adresse e-mail valide et un mot de passe. Vous êtes responsable de la confidentialité de vos identifiants.\n\n## 5. Services proposés\n\nLe site présente les formations du centre, permet de demander des informations ou un rappel et donne accès à des ressources téléchargeables.\n\n## 6. Obligations de l'utilisateur\n\nVous vous engagez à fournir des informations exactes et à ne pas porter atteinte au bon fonctionnement du site.\n\n## 7. Propriété intellectuelle\n\nLes contenus du site sont protégés. Les ressources téléchargeables sont réservées à un usage personnel et non commercial.\n\n## 8. Données personnelles\n\nLes données collectées sont traitées conformément à notre politique de confidentialité.\n\n## 9. Responsabilité\n\nL'éditeur ne saurait être tenu responsable des dommages résultant d'une utilisation du site non conforme aux présentes conditions.\n\n## 10. Droit applicable et modification\n\nLes présentes conditions sont régies par le droit français. L'éditeur peut les modifier à tout moment ; la version applicable est celle en ligne lors de votre visite.",
  },
};

/** The date the default legal texts were last reviewed ('Dernière mise à jour' until staff save). */
export const DEFAULT_LEGAL_UPDATED = "2026-11-22";
