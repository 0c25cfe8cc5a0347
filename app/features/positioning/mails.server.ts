import { theFormation } from "~/platform/french";
import { type MailCentre, type RenderedMail, renderMail } from "~/platform/mail/templates.server";

/** The personal link to the positioning questionnaire, sent on admission or again from the learner's file. */
export function positioningMail(
  centre: MailCentre,
  input: { firstName: string | null; formation: string; dates: string; url: string },
): RenderedMail {
  const about = `${theFormation(input.formation)} (${input.dates})`;
  return renderMail(centre, {
    subject: `Avant votre entrée en formation\u00a0: questionnaire de positionnement`,
    heading: input.firstName ? `Bonjour ${input.firstName},` : "Bonjour,",
    paragraphs: [
      `Avant le début de ${about}, nous aimerions connaître vos besoins, ce que vous savez déjà du sujet et si vous remplissez les prérequis, pour adapter votre parcours si nécessaire.`,
      "Vous pouvez aussi nous signaler, si vous le souhaitez, un besoin d'adaptation (situation de handicap, santé, contraintes)\u00a0: c'est facultatif et confidentiel.",
      "Ce lien est personnel et ne demande aucun compte. Il sert une seule fois\u00a0: vos réponses sont enregistrées dès que vous les envoyez.",
    ],
    action: { label: "Répondre au questionnaire", url: input.url },
  });
}
