import { formatDateRange, type SessionModeValue, sessionModeLabel } from "~/features/catalogue";
import { ofName, theFormation } from "~/platform/french";
import { type MailCentre, type RenderedMail, renderMail } from "~/platform/mail/templates.server";
import { plural } from "~/platform/plural";
import { financingLabel, situationLabel } from "./content";

/** What the e-mails about one new application quote. */
export interface ApplicationSummary {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  situation: string;
  financing: string;
  lastDiploma: string;
  motivation: string;
  accommodation: string | null;
  formationTitle: string;
  session: { startDate: string; endDate: string; mode: SessionModeValue; place: string };
  waitlisted: boolean;
  files: { kind: string; fileName: string }[];
}

const sessionText = (s: ApplicationSummary["session"]) =>
  `${formatDateRange(s.startDate, s.endDate)} (${sessionModeLabel(s.mode)}, ${s.place})`;

/**
 * The candidate's acknowledgement: what was received and what happens next. It goes to whatever
 * address was typed in the public form, so it quotes nothing typed there (no name, no file name):
 * otherwise anyone could send a stranger an e-mail under the centre's name carrying their own words
 * or link. Staff's notification has everything.
 */
export function candidateAcknowledgementMail(centre: MailCentre, a: ApplicationSummary): RenderedMail {
  return renderMail(centre, {
    subject: `Votre candidature à ${theFormation(a.formationTitle)} est bien reçue`,
    heading: "Bonjour,",
    paragraphs: [
      `Nous avons bien reçu votre candidature à ${theFormation(a.formationTitle)}, session ${sessionText(a.session)}.`,
      a.waitlisted
        ? "Cette session est complète : votre candidature est inscrite sur la liste d'attente. Nous vous prévenons dès qu'une place se libère."
        : "Notre équipe l'étudie et vous répond sous 5 jours ouvrés, le plus souvent pour convenir d'un entretien.",
      ...(a.accommodation
        ? ["Votre demande d'aménagement a été transmise à notre référent·e handicap, qui vous contactera."]
        : []),
      "Si vous n'êtes pas à l'origine de cette candidature, répondez simplement à ce message.",
    ],
    rows: [
      ["Formation", a.formationTitle],
      ["Session", sessionText(a.session)],
      ["Fichiers reçus", plural(a.files.length, "fichier")],
    ],
  });
}

/** The staff notification: the answers, no attachment (files stay in the console). */
export function staffApplicationMail(
  centre: MailCentre,
  a: ApplicationSummary,
  consoleUrl: string,
): RenderedMail {
  const name = `${a.firstName} ${a.lastName}`;
  return renderMail(centre, {
    subject: `Nouvelle candidature : ${name} – ${a.formationTitle}${a.waitlisted ? " (liste d'attente)" : ""}`,
    heading: `Nouvelle candidature ${ofName(name)}`,
    paragraphs: [
      a.waitlisted
        ? "La session est complète : la candidature est en liste d'attente."
        : "Une candidature est arrivée par le site. Les fichiers sont consultables dans la console.",
    ],
    rows: [
      ["Formation", a.formationTitle],
      ["Session", sessionText(a.session)],
      ["E-mail", a.email],
      ["Téléphone", a.phone],
      ["Situation", situationLabel(a.situation)],
      ["Financement envisagé", financingLabel(a.financing)],
      ["Dernier diplôme", a.lastDiploma],
      ["Aménagement demandé", a.accommodation ? "Oui" : "Non"],
    ],
    action: { label: "Voir la candidature", url: consoleUrl },
  });
}

/** To the disability referent, when the candidate asks for an accommodation. */
export function accommodationMail(
  centre: MailCentre,
  a: ApplicationSummary,
  consoleUrl: string,
): RenderedMail {
  return renderMail(centre, {
    subject: `Demande d'aménagement : ${a.firstName} ${a.lastName} – ${a.formationTitle}`,
    heading: "Demande d'aménagement (situation de handicap)",
    paragraphs: [
      `${a.firstName} ${a.lastName} candidate à ${theFormation(a.formationTitle)} et demande un aménagement.`,
    ],
    rows: [
      ["Session", sessionText(a.session)],
      ["E-mail", a.email],
      ["Téléphone", a.phone],
      ["Demande", a.accommodation ?? ""],
    ],
    action: { label: "Voir la candidature", url: consoleUrl },
  });
}

/** To the lead recipient: a seat freed and is held for the first candidate on the waiting list. */
export function seatOfferStaffMail(
  centre: MailCentre,
  offer: { name: string; formationTitle: string; sessionDates: string },
  consoleUrl: string,
): RenderedMail {
  return renderMail(centre, {
    subject: `Place libérée\u202f: proposée à ${offer.name} – ${offer.formationTitle}`,
    heading: "Une place s'est libérée",
    paragraphs: [
      `Une place s'est libérée sur la session ${offer.sessionDates} (${offer.formationTitle}). Elle est réservée à ${offer.name}, premier·ère sur la liste d'attente.`,
      "Proposez-lui la place depuis la console (un e-mail est prêt à être relu), puis admettez la candidature ou, si elle renonce, passez-la en «\u202fDésisté·e\u202f»\u202f: la place ira au suivant de la liste.",
    ],
    action: { label: "Voir la candidature", url: consoleUrl },
  });
}
