import { type MailCentre, type RenderedMail, renderMail } from "~/platform/mail/templates.server";

// The e-mails of requested documents: the learner told what the centre awaits, the staff told a file
// came (naming the document, not the learner: the Stagiaires screen shows whose it is).

/** 'Un document à nous transmettre': to the learner, with the link to their file. */
export function documentAskedMail(
  centre: MailCentre,
  options: { firstName: string; label: string; url: string },
): RenderedMail {
  return renderMail(centre, {
    subject: "Un document à nous transmettre",
    heading: options.firstName ? `Bonjour ${options.firstName},` : "Bonjour,",
    paragraphs: [
      `${centre.name || "Le centre de formation"} a besoin d'un document de votre part\u00a0: ${options.label}.`,
      "Déposez-le dans votre espace personnel, sous « Documents à transmettre » (PDF, Word ou OpenDocument).",
    ],
    action: { label: "Déposer le document", url: options.url },
  });
}

/** 'Document reçu d'un·e stagiaire': to the staff's recipient, with the link to Stagiaires. */
export function documentReceivedMail(
  centre: MailCentre,
  options: { label: string; url: string },
): RenderedMail {
  return renderMail(centre, {
    subject: `Document reçu d'un·e stagiaire\u00a0: ${options.label}`,
    heading: "Un document demandé est arrivé",
    paragraphs: [
      `Un·e stagiaire a déposé dans son espace personnel le document demandé «\u00a0${options.label}\u00a0».`,
      "Il se télécharge depuis sa ligne dans Stagiaires.",
    ],
    action: { label: "Ouvrir Stagiaires", url: options.url },
  });
}
