import {
  type MailCentre,
  type RenderedMail,
  renderAcknowledgement,
  renderMail,
  renderWrittenMail,
} from "~/platform/mail/templates.server";
import { formatFullDateTime } from "~/platform/paris-time";
import { COMPLAINT_FIELD_LABELS } from "./complaint-entity";
import { authorTypeLabel, categoryLabel } from "./content";

/** What the two e-mails of a new complaint quote. */
export interface ComplaintSummary {
  reference: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  organisation: string | null;
  authorType: string;
  category: string;
  session: string | null;
  /** The session was chosen from the centre's list (not told in the author's words). */
  sessionChosen: boolean;
  description: string;
  createdAt: Date;
}

const rowsOf = (c: ComplaintSummary): [string, string][] => [
  [COMPLAINT_FIELD_LABELS.reference, c.reference],
  [COMPLAINT_FIELD_LABELS.category, categoryLabel(c.category)],
  [COMPLAINT_FIELD_LABELS.sessionLabel, c.session ?? "Non précisée"],
  ["Votre réclamation", c.description],
  [COMPLAINT_FIELD_LABELS.createdAt, formatFullDateTime(c.createdAt)],
];

/**
 * The author's acknowledgement: the reference to quote, and what happens next. It goes to whatever
 * address was typed, so it quotes nothing the author wrote (name, session in their words,
 * description): only the reference, the category and a session chosen from the centre's list.
 */
export function complaintAcknowledgementMail(centre: MailCentre, c: ComplaintSummary): RenderedMail {
  return renderAcknowledgement(centre, {
    subject: `Votre réclamation ${c.reference} est bien reçue`,
    heading: "Bonjour,",
    paragraphs: [
      `Nous avons bien reçu votre réclamation et l'avons enregistrée sous la référence ${c.reference}. Rappelez-la dans vos échanges avec nous.`,
      "Elle est examinée par l'équipe du centre : nous vous répondrons par e-mail, avec les suites que nous lui donnons. Ce message ne reprend pas le texte de votre réclamation : il reste dans notre registre.",
      `Vous pouvez aussi nous joindre au ${centre.phone} (${centre.openingHours.join(" ; ")}).`,
    ],
    rows: [
      [COMPLAINT_FIELD_LABELS.reference, c.reference],
      [COMPLAINT_FIELD_LABELS.category, categoryLabel(c.category)],
      [
        "Session concernée",
        c.sessionChosen || !c.session ? (c.session ?? "Non précisée") : "Précisée dans votre réclamation",
      ],
      [COMPLAINT_FIELD_LABELS.createdAt, formatFullDateTime(c.createdAt)],
    ],
  });
}

/** The staff notification: everything, and the register's link. */
export function complaintNotificationMail(
  centre: MailCentre,
  c: ComplaintSummary,
  url: string,
): RenderedMail {
  return renderMail(centre, {
    subject: `Nouvelle réclamation ${c.reference} : ${categoryLabel(c.category)}`,
    heading: `Réclamation ${c.reference}`,
    paragraphs: ["Une réclamation est arrivée par le formulaire du site. Elle attend dans le registre."],
    rows: [
      ["Auteur", `${c.firstName} ${c.lastName}`],
      ["À quel titre", authorTypeLabel(c.authorType)],
      [COMPLAINT_FIELD_LABELS.organisation, c.organisation ?? "Non renseignée"],
      [COMPLAINT_FIELD_LABELS.email, c.email],
      [COMPLAINT_FIELD_LABELS.phone, c.phone ?? "Non renseigné"],
      ...rowsOf(c),
    ],
    action: { label: "Ouvrir la réclamation", url },
  });
}

/** A reply staff wrote in the console, sent as typed under the reference. */
export function complaintReplyMail(centre: MailCentre, reference: string, text: string): RenderedMail {
  return renderWrittenMail(centre, `Réponse à votre réclamation ${reference}`, text);
}
