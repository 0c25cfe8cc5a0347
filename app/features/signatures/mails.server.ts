// The e-mails of a demande de signature: the link to the signing page, and its one reminder.
import { type MailCentre, renderMail } from "~/platform/mail/templates.server";

const NBSP = "\u00a0";

/** The request's e-mail to an outside signer (`reminder`: the one reminder after Paramètres' days). */
export function signatureRequestMail(
  centre: MailCentre,
  { name, document, url, reminder }: { name: string; document: string; url: string; reminder: boolean },
) {
  return renderMail(centre, {
    subject: reminder
      ? `Rappel${NBSP}: ${document} attend votre signature`
      : `${document.charAt(0).toUpperCase()}${document.slice(1)} à signer en ligne`,
    heading: `Bonjour ${name},`,
    paragraphs: [
      reminder
        ? `${centre.name} vous a demandé de signer ${document}, qui attend toujours votre signature.`
        : `${centre.name} vous demande de signer ${document} en ligne.`,
      "Connectez-vous avec cette adresse e-mail, lisez le document puis signez-le. Votre signature est enregistrée avec sa date, son heure et l'empreinte du document signé.",
    ],
    action: { label: "Lire et signer le document", url },
  });
}
