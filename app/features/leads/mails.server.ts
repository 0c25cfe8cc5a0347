import { ofName } from "~/platform/french";
import {
  type MailCentre,
  type RenderedMail,
  renderAcknowledgement,
  renderMail,
} from "~/platform/mail/templates.server";
import { formatFullDateTime } from "~/platform/paris-time";
import { appointmentModeLabel, subjectLabel } from "./content";
import { sourceLabel } from "./sources";

/** What both e-mails about one request need to know (a contact message or a callback request). */
export interface RequestSummary {
  kind: "message" | "callback";
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string;
  subject: string | null;
  formation: string | null;
  message: string | null;
  marketingConsent: boolean;
  source: string;
  callbackRequested: boolean;
  /** Téléphone, visio or sur place, when the visitor chose one on the appointment banner. */
  appointmentMode: string | null;
  createdAt: Date;
}

const yesNo = (value: boolean) => (value ? "Oui" : "Non");

/** 'Type de rendez-vous' for an appointment request (subject « rdv »), nothing otherwise. */
function appointmentRow(request: RequestSummary): [string, string][] {
  if (request.subject !== "rdv" && !request.appointmentMode) return [];
  return [["Type de rendez-vous", appointmentModeLabel(request.appointmentMode) ?? "Sans préférence"]];
}

/** The staff notification: every field, so that nobody has to open the console to call back. */
export function staffNotificationMail(
  centre: MailCentre,
  request: RequestSummary,
  consoleUrl: string,
): RenderedMail {
  const name = `${request.firstName} ${request.lastName}`;
  const what = request.kind === "callback" ? "Demande de rappel" : "Nouveau message";
  return renderMail(centre, {
    subject: `${what} : ${name}${request.callbackRequested ? " (rappel demandé)" : ""}`,
    heading: `${what} ${ofName(name)}`,
    paragraphs: [
      request.callbackRequested
        ? `Cette personne souhaite être rappelée au ${request.phone}.`
        : "Une nouvelle demande est arrivée par le formulaire de contact du site.",
    ],
    rows: [
      ["Prénom", request.firstName],
      ["Nom", request.lastName],
      ["E-mail", request.email ?? "Non renseigné"],
      ["Téléphone", request.phone],
      ["Sujet", subjectLabel(request.subject) ?? request.subject ?? "Non renseigné"],
      ["Formation", request.formation ?? "Non spécifiée"],
      ["Message", request.message ?? "Aucun message"],
      ["Rappel demandé", yesNo(request.callbackRequested)],
      ...appointmentRow(request),
      ["Accepte les communications", yesNo(request.marketingConsent)],
      ["Origine", sourceLabel(request.source)],
      ["Reçue le", formatFullDateTime(request.createdAt)],
    ],
    action: { label: "Voir les demandes", url: consoleUrl },
  });
}

/** The visitor's confirmation: what we received and the 24 h promise. */
export function visitorConfirmationMail(centre: MailCentre, request: RequestSummary): RenderedMail {
  const callback = request.kind === "callback";
  return renderAcknowledgement(centre, {
    subject: callback ? "Votre demande de rappel est bien reçue" : "Nous avons bien reçu votre message",
    heading: `Bonjour ${request.firstName},`,
    paragraphs: [
      callback
        ? `Merci de votre intérêt pour nos formations. Un conseiller vous rappellera au ${request.phone} dans les 24 heures (jours ouvrés).`
        : "Merci de nous avoir écrit. Nous avons bien reçu votre message et vous répondrons dans les 24 heures (jours ouvrés).",
      `Nous sommes joignables au ${centre.phone} (${centre.openingHours.join(" ; ")}).`,
    ],
    rows: callback
      ? [
          ["Téléphone", request.phone],
          ["Formation", request.formation ?? "Non précisée"],
        ]
      : [
          ["Sujet", subjectLabel(request.subject) ?? "Non précisé"],
          ...appointmentRow(request),
          ["Formation", request.formation ?? "Non précisée"],
          ["Votre message", request.message ?? ""],
        ],
  });
}
