/**
 * The documents staff make for a learner, as the console names them, and the rules the screen and
 * the server share: which agreement the funding calls for, who receives each document and how the
 * e-mail greets them, when the closing documents may leave, and when their hours need a second look.
 * Browser-safe: the Stagiaires screen asks the same questions before a click as the server after.
 */
import { formatDay } from "~/features/catalogue";
import type { LearnerFunding, LearnerStatus } from "~/features/learners";
import { hoursText } from "~/features/timetable";
import { NNBSP } from "~/platform/french";

/**
 * The agreement is one document for staff (one button), kept as a convention or a contrat depending
 * on who pays; the attestation de fin de formation and the certificat de réalisation close the
 * formation.
 */
export const DOCUMENT_TYPES = ["convocation", "agreement", "attestation", "certificate"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The last segment of a document's preview URL (/admin/stagiaires/:id/apercu/:slug). */
export const DOCUMENT_SLUGS: Record<DocumentType, string> = {
  convocation: "convocation",
  agreement: "convention-ou-contrat",
  attestation: "attestation-de-fin-de-formation",
  certificate: "certificat-de-realisation",
};

export const documentTypeOf = (slug: string | undefined): DocumentType | null =>
  DOCUMENT_TYPES.find((type) => DOCUMENT_SLUGS[type] === slug) ?? null;

/** The two agreements a training is sold under. */
export type AgreementKind = "convention" | "contrat";

/**
 * Which agreement the funding calls for: a contrat de formation professionnelle when the learner
 * pays personally (L. 6353-3), a convention with the company or funder that pays (L. 6353-1), none
 * for a training bought on Mon Compte Formation ('cpf': its general conditions bind the learner and
 * the centre; the file's number is kept on the learner instead), null while nobody said who pays.
 */
export function agreementKindOf(funding: LearnerFunding | null): AgreementKind | "none" | null {
  if (funding === null) return null;
  if (funding === "cpf") return "none";
  return funding === "personal" ? "contrat" : "convention";
}

/** Why a CPF learner has no agreement: said on their file and when one is asked for all the same. */
export const CPF_NO_AGREEMENT =
  "Formation achetée sur Mon Compte Formation (CPF) : ni convention ni contrat, l'achat suit les conditions générales de la plateforme. Le certificat de réalisation s'envoie en fin de formation.";

/** Each document by its name in a sentence ('Envoyer la convention à …'). */
export const DOCUMENT_NAMES: Record<DocumentType | AgreementKind, string> = {
  convocation: "la convocation",
  agreement: "la convention ou le contrat de formation",
  convention: "la convention",
  contrat: "le contrat de formation",
  attestation: "l'attestation de fin de formation",
  certificate: "le certificat de réalisation",
};

/** What the rules below read of a learner: who they are, who pays and whom to write to there. */
export interface RecipientFacts {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  fundingSource: LearnerFunding | null;
  payerName: string | null;
  payerContactName: string | null;
  payerContactEmail: string | null;
}

/** One address a document is e-mailed to, with whom it is and how the e-mail greets them. */
export interface Recipient {
  role: "learner" | "payer";
  email: string;
  /** How the confirmation names them: the person, else the company or funder. */
  shown: string;
  /** The e-mail's first line: the person it is sent to, 'Madame, Monsieur,' when no name is known. */
  greeting: string;
}

const greet = (name: string | null | undefined) =>
  name?.trim() ? `Bonjour ${name.trim()},` : "Madame, Monsieur,";

function learnerRecipient(l: RecipientFacts): Recipient | null {
  if (!l.email) return null;
  const name = [l.firstName, l.lastName].filter(Boolean).join(" ");
  return { role: "learner", email: l.email, shown: name || l.email, greeting: greet(l.firstName) };
}

/** The payer's contact, for a learner whose company or funder signs a convention and has an address. */
function payerRecipient(l: RecipientFacts): Recipient | null {
  if (agreementKindOf(l.fundingSource) !== "convention" || !l.payerContactEmail) return null;
  const name = l.payerContactName?.trim() || null;
  return {
    role: "payer",
    email: l.payerContactEmail,
    shown: name ?? l.payerName ?? l.payerContactEmail,
    greeting: greet(name),
  };
}

/**
 * Who receives each document. The convocation, the contrat and the attestation are the learner's
 * own; the convention goes to the payer's contact (to the learner, who hands it over, when the
 * record has no contact address); the certificat de réalisation to the learner and to the payer's
 * contact, who asks for it to pay. Empty when the document cannot go (no address, no agreement).
 */
export function recipientsOf(type: DocumentType, learner: RecipientFacts): Recipient[] {
  const own = learnerRecipient(learner);
  const payer = payerRecipient(learner);
  const found: (Recipient | null)[] =
    type === "agreement"
      ? agreementKindOf(learner.fundingSource) === "convention"
        ? [payer ?? own]
        : agreementKindOf(learner.fundingSource) === "contrat"
          ? [own]
          : []
      : type === "certificate"
        ? [own, payer && payer.email.toLowerCase() !== own?.email.toLowerCase() ? payer : null]
        : [own];
  return found.filter((r): r is Recipient => r !== null);
}

/** 'Envoyer la convention à Marie Dupont (rh@entreprise.fr) ?': the send's confirmation. */
export function sendQuestion(name: string, recipients: readonly Recipient[]): string {
  const whom = recipients.map((r) => `${r.shown} (${r.email})`).join(" et ");
  return `Envoyer ${name} à ${whom}${NNBSP}?`;
}

/**
 * The attestation and the certificat are handed over at the end of the training (Code du travail,
 * art. L. 6353-1: "à l'issue de la formation"), when the hours they state are final: from the
 * session's last day. Before, `lead` and that day, the reason staff read; null when it can be sent.
 */
const fromLastDay = (endDate: string, today: string, lead: string): string | null =>
  today >= endDate ? null : `${lead} à partir du ${formatDay(endDate)}, dernier jour de la session.`;

/** The documents that close the formation, and their words for one learner and for a session. */
export const CLOSING: Partial<Record<DocumentType, { one: string; all: string }>> = {
  attestation: {
    one: "L'attestation de fin de formation s'envoie",
    all: "Les attestations de fin de formation s'envoient",
  },
  certificate: {
    one: "Le certificat de réalisation s'envoie",
    all: "Les certificats de réalisation s'envoient",
  },
};

/** One learner's closing document: from the session's last day, or at once for a learner who dropped out. */
export function endNotYet(
  type: DocumentType,
  learner: { status: string; endDate: string },
  today: string,
): string | null {
  const words = CLOSING[type];
  if (!words || learner.status === "dropped_out") return null;
  return fromLastDay(learner.endDate, today, words.one);
}

/** A whole session's closing documents (a learner who dropped out has theirs from their row). */
export function sessionEndNotYet(type: DocumentType, session: { endDate: string }, today: string) {
  const words = CLOSING[type];
  return words ? fromLastDay(session.endDate, today, words.all) : null;
}

/** One learner's attestation (the rule above, kept under its older name for the screens). */
export const attestationNotYet = (learner: { status: string; endDate: string }, today: string) =>
  endNotYet("attestation", learner, today);

/** A whole session's 'Envoyer les attestations'. */
export const sessionAttestationsNotYet = (session: { endDate: string }, today: string) =>
  sessionEndNotYet("attestation", session, today);

/** Below this share of the planned hours, a learner marked 'Terminé·e' looks wrongly marked. */
const COMPLETED_MINIMUM_SHARE = 0.5;

/**
 * Hours that look wrong on an attestation or a certificat, against the learner's status: more
 * attended than planned (a slot marked twice, a wrong lateness), or a learner marked 'Terminé·e'
 * who attended under half of the planned hours (the status or the sheets are not up to date). The
 * warning staff must confirm before it leaves; null when nothing looks wrong or nothing is planned.
 */
export function hoursWarning(status: LearnerStatus, attendedMinutes: number, plannedMinutes: number) {
  if (plannedMinutes <= 0) return null;
  const attended = hoursText(attendedMinutes);
  const planned = hoursText(plannedMinutes);
  if (attendedMinutes > plannedMinutes) {
    return `${attended} suivies pour ${planned} prévues au planning : plus d'heures que la session n'en compte. Vérifiez l'émargement.`;
  }
  if (status === "completed" && attendedMinutes < plannedMinutes * COMPLETED_MINIMUM_SHARE) {
    return `Statut «${NNBSP}Terminé·e${NNBSP}» avec ${attended} suivies sur ${planned} prévues, moins de la moitié. Vérifiez l'émargement ou le statut.`;
  }
  return null;
}

/** The documents whose hours are checked before they leave. */
export const HOURS_CHECKED: readonly DocumentType[] = ["attestation", "certificate"];
