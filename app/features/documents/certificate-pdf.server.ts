/**
 * A learner's certificat de réalisation as an A4 PDF: what a funder asks before it pays for the hours
 * carried out (Mon Compte Formation for a CPF file, an OPCO, France Travail, a region…), with the
 * content of the ministry's model: the centre that ran the action and who signs for it, the learner
 * (their company, their Mon Compte Formation file), the action's title, its nature among the four of
 * L. 6313-1 (one ticked), its dates, the hours carried out as the attendance sheets count them (the
 * latest entry of each slot, an absence none) and the centre's commitment to keep the evidence three
 * years. The signatory is the one Paramètres names; without one, the block is left to fill by hand.
 * On the page every learner document shares (pdf.server.ts). Server only (pdfkit).
 */
import { type FormationBpfObjective, formatDateRange, formatDay } from "~/features/catalogue";
import { LEARNER_STATUS_LABELS, type LearnerCategory, type LearnerStatus } from "~/features/learners";
import { activityNumberText } from "~/features/settings";
import { hoursText } from "~/features/timetable";
import { NNBSP, quoted } from "~/platform/french";
import { ACTION_NATURES, actionNatureOf } from "./attestation-pdf.server";
import { centreSignature, type DocumentCentre, joined, type PdfPage, renderLearnerPdf } from "./pdf.server";

export interface CertificateInput {
  centre: DocumentCentre;
  learner: {
    firstName: string;
    lastName: string;
    company: string | null;
    status: LearnerStatus;
    abandonedOn: string | null;
    traineeCategory: LearnerCategory | null;
    /** The file's number on Mon Compte Formation, for a CPF training; null otherwise. */
    cpfFileNumber: string | null;
  };
  formation: { title: string; bpfObjective: FormationBpfObjective | null };
  session: { startDate: string; endDate: string; modeLabel: string };
  /** The sum of the session's slots, in minutes (0 when none is entered). */
  plannedMinutes: number;
  /** What the attendance sheets say the learner attended, in minutes. */
  attendedMinutes: number;
  today: string;
}

/** The model's boxes: the nature that applies filled, the three others empty (the font draws both). */
const TICKED = "■";
const UNTICKED = "□";

/** How long the centre keeps what proves the hours: three years from the end of the year of the last payment. */
export const EVIDENCE_YEARS = 3;

function writeBody(pdf: PdfPage, input: CertificateInput) {
  const { centre, learner, formation, session } = input;
  const signatory = joined([centre.signatoryName, centre.signatoryTitle], ", ");
  const provider = `l'organisme de formation ${centre.name} (déclaration d'activité ${activityNumberText(centre)}), dispensateur de l'action concourant au développement des compétences`;
  pdf.line(
    signatory
      ? `${signatory}, représentant ${provider}, atteste que${NNBSP}:`
      : `${provider.charAt(0).toUpperCase()}${provider.slice(1)} atteste, par la personne qui signe ci-dessous, que${NNBSP}:`,
  );
  pdf.doc.moveDown(0.3);
  pdf.strong(`${learner.firstName} ${learner.lastName}`);
  if (learner.company?.trim()) pdf.detail(`Entreprise${NNBSP}: ${learner.company.trim()}`);
  if (learner.cpfFileNumber) pdf.detail(`Dossier Mon Compte Formation n° ${learner.cpfFileNumber}`);
  pdf.line(`a suivi l'action ${quoted(formation.title)}.`);

  pdf.heading("Nature de l'action concourant au développement des compétences");
  const nature = actionNatureOf(formation.bpfObjective, learner.traineeCategory);
  for (const n of ACTION_NATURES) {
    pdf.line(`${n.key === nature ? TICKED : UNTICKED}  ${n.label} (article L. 6313-1, ${n.article})`);
  }

  pdf.heading("Réalisation");
  pdf.line(
    `Action qui s'est déroulée ${formatDateRange(session.startDate, session.endDate)} (${session.modeLabel.toLowerCase()}).`,
  );
  pdf.line(`Durée réalisée${NNBSP}: ${hoursText(input.attendedMinutes)}.`);
  pdf.detail(
    `${joined(
      [
        "Heures suivies selon les feuilles d'émargement de la session",
        input.plannedMinutes ? `sur ${hoursText(input.plannedMinutes)} prévues` : null,
      ],
      ", ",
    )}.`,
  );
  if (learner.status === "dropped_out") {
    pdf.line(
      `${LEARNER_STATUS_LABELS.dropped_out}${learner.abandonedOn ? ` le ${formatDay(learner.abandonedOn)}` : ""}.`,
    );
  }

  pdf.heading("Engagement de l'organisme de formation");
  pdf.line(
    `Sans préjudice des délais imposés par les règles fixées par le financeur de l'action, l'organisme de formation s'engage à conserver l'ensemble des pièces justificatives qui ont permis d'établir le présent certificat pendant ${EVIDENCE_YEARS} ans à compter de la fin de l'année du dernier paiement. En cas de contrôle, il fournit les documents et pièces de nature à justifier la réalité et le bien-fondé des dépenses afférentes à l'action objet du présent certificat.`,
  );

  pdf.doc.moveDown(1.2);
  pdf.line(`${joined(["Fait", centre.city ? `à ${centre.city}` : ""], " ")}, le ${formatDay(input.today)}.`);
  pdf.doc.moveDown(0.8);
  centreSignature(pdf, centre);
}

/** Writes the certificat de réalisation and answers its bytes. */
export function renderCertificate(input: CertificateInput): Promise<Buffer> {
  const { learner, formation } = input;
  const title = "Certificat de réalisation";
  return renderLearnerPdf(
    {
      centre: input.centre,
      title,
      subtitle: "Action concourant au développement des compétences (article L. 6313-1 du Code du travail)",
      info: {
        title: `${title} — ${learner.firstName} ${learner.lastName} — ${formation.title}`,
        subject: title,
      },
      today: input.today,
    },
    (pdf) => writeBody(pdf, input),
  );
}
