import { NNBSP, theFormation } from "~/platform/french";
import { type MailCentre, type RenderedMail, renderMail } from "~/platform/mail/templates.server";
import { formatDateTime } from "~/platform/paris-time";

/** What an invitation e-mail says: to whom, about which formation, the link and until when. */
export interface InvitationMailInput {
  firstName: string | null;
  /** The formation's title and the session's dates ('du 4 au 29 janv. 2027'); null when sent without a session. */
  session: { title: string; dates: string } | null;
  url: string;
  closesAt: Date;
  reminder: boolean;
}

/**
 * The personal link to a questionnaire (and its one reminder): no account, a few minutes, answers
 * can be changed until the survey closes.
 */
export function surveyInvitationMail(centre: MailCentre, input: InvitationMailInput): RenderedMail {
  const about = input.session
    ? `${theFormation(input.session.title)} (${input.session.dates})`
    : "nos formations";
  const subject = input.reminder ? `Rappel${NNBSP}: votre avis sur ${about}` : `Votre avis sur ${about}`;
  return renderMail(centre, {
    subject,
    heading: input.firstName ? `Bonjour ${input.firstName},` : "Bonjour,",
    paragraphs: [
      input.reminder
        ? `Vous n'avez pas encore répondu à notre questionnaire sur ${about}. Votre avis nous aide à améliorer nos formations${NNBSP}: il ne vous prendra que quelques minutes.`
        : `Nous aimerions connaître votre avis sur ${about}. Le questionnaire ne prend que quelques minutes et nous aide à améliorer nos formations.`,
      `Ce lien est personnel${NNBSP}: il ne demande aucun compte, et vous pourrez modifier vos réponses jusqu'au ${formatDateTime(input.closesAt)}.`,
    ],
    action: { label: "Répondre au questionnaire", url: input.url },
  });
}
