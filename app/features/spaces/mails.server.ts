import { type MailCentre, type RenderedMail, renderMail } from "~/platform/mail/templates.server";

// The personal spaces' e-mails, signed with the centre's identity (Paramètres).

/** What the invitation says the space holds, per kind of membership. */
const WHAT_YOU_FIND = {
  learner:
    "Vous y trouverez vos sessions et leur planning, vos documents (convocation, convention ou contrat, attestation), les pièces que le centre attend encore de vous, vos questionnaires et l'émargement du créneau en cours.",
  payer: "Vous y trouverez les formations de vos stagiaires et les documents qui vous concernent.",
  trainer:
    "Vous y trouverez les sessions et les créneaux que vous animez, les coordonnées de leurs stagiaires, vos documents et l'émargement de vos créneaux (présences, absences, retards, contresignature).",
} as const;

/** 'Votre espace personnel': the invitation, with a sign-in link valid `minutes`. */
export function spaceInvitationMail(
  centre: MailCentre,
  options: {
    firstName: string;
    url: string;
    minutes: number;
    kind: keyof typeof WHAT_YOU_FIND;
    signInUrl: string;
  },
): RenderedMail {
  return renderMail(centre, {
    subject: "Votre espace personnel",
    heading: options.firstName ? `Bonjour ${options.firstName},` : "Bonjour,",
    paragraphs: [
      `${centre.name || "Le centre de formation"} vous ouvre un espace personnel sur son site.`,
      WHAT_YOU_FIND[options.kind],
      `Le bouton ci-dessous vous y fait entrer sans mot de passe. Il est valable ${options.minutes}\u00a0minutes et ne sert qu'une fois\u00a0; ensuite, demandez un nouveau lien à cette adresse\u00a0: ${options.signInUrl}`,
    ],
    action: { label: "Entrer dans mon espace", url: options.url },
  });
}
