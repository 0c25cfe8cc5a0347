/**
 * A learner's attestation de fin de formation as an A4 PDF (Code du travail, L. 6353-1: handed to the
 * learner at the end of the action): the centre that signs it, the learner, the formation's
 * objectives, the nature of the action, its dates, its duration (the session's timetable), the hours
 * the learner actually attended (the attendance sheets: the latest entry of each slot counts, an
 * absence counts none) and the results of the assessment (the learner's certification outcome, or
 * the formation's assessment methods when it leads to no certification). On the page every learner
 * document shares (pdf.server.ts). Server only (pdfkit).
 */
import { type FormationBpfObjective, formatDateRange, formatDay } from "~/features/catalogue";
import {
  type CertificationOutcome,
  LEARNER_STATUS_LABELS,
  type LearnerCategory,
  type LearnerStatus,
} from "~/features/learners";
import { activityNumberText } from "~/features/settings";
import { hoursText } from "~/features/timetable";
import { NNBSP, quoted, withFullStop } from "~/platform/french";
import { centreSignature, type DocumentCentre, joined, type PdfPage, renderLearnerPdf } from "./pdf.server";

export interface AttestationInput {
  centre: DocumentCentre;
  learner: {
    firstName: string;
    lastName: string;
    status: LearnerStatus;
    abandonedOn: string | null;
    certificationOutcome: CertificationOutcome | null;
    traineeCategory: LearnerCategory | null;
  };
  formation: {
    title: string;
    objectives: readonly string[];
    /** As staff type it on the formation ('35 heures'): the duration while the session has no slot. */
    duration: string;
    assessmentMethods: string | null;
    certifying: boolean;
    certification: string | null;
    bpfObjective: FormationBpfObjective | null;
  };
  session: { startDate: string; endDate: string; modeLabel: string };
  /** The sum of the session's slots, in minutes (0 when none is entered). */
  plannedMinutes: number;
  /** What the attendance sheets say the learner attended, in minutes (0 when nothing is recorded). */
  attendedMinutes: number;
  today: string;
}

/** The four natures of action of L. 6313-1, in its order (the certificat de réalisation ticks one). */
export const ACTION_NATURES = [
  { key: "training", label: "Action de formation", article: "1°" },
  { key: "skills_assessment", label: "Bilan de compétences", article: "2°" },
  {
    key: "vae",
    label: "Action permettant de faire valider les acquis de l'expérience",
    article: "3°",
  },
  { key: "apprenticeship", label: "Action de formation par apprentissage", article: "4°" },
] as const;
export type ActionNature = (typeof ACTION_NATURES)[number]["key"];

/**
 * The nature of the action among those of L. 6313-1: a skills assessment or a VAE support as the
 * formation's BPF objective says, an apprenticeship for an apprentice, an action de formation
 * otherwise.
 */
export function actionNatureOf(
  objective: FormationBpfObjective | null,
  traineeCategory: LearnerCategory | null,
): ActionNature {
  if (objective === "skills_assessment") return "skills_assessment";
  if (objective === "vae") return "vae";
  return traineeCategory === "apprentice" ? "apprenticeship" : "training";
}

/** 'Action de formation (article L. 6313-1, 1° du Code du travail)'. */
export function actionNature(
  objective: FormationBpfObjective | null,
  category: LearnerCategory | null = null,
) {
  const nature = ACTION_NATURES.find((n) => n.key === actionNatureOf(objective, category));
  return `${nature?.label} (article L. 6313-1, ${nature?.article} du Code du travail)`;
}

/**
 * What the assessment gave: the certification's outcome, or how the learning was assessed. The
 * learner is known: the sentence names them instead of an inclusive 'le ou la stagiaire'.
 */
export function assessmentResult(input: Pick<AttestationInput, "learner" | "formation">): string[] {
  const { formation, learner } = input;
  if (!formation.certifying) {
    // Only what the records say: no certification, and how the formation assesses (its programme's
    // words), never a claim about when or how it was done that nothing recorded.
    const methods = formation.assessmentMethods?.trim();
    return [
      "Formation sans certification.",
      ...(methods ? [`Modalités d'évaluation des acquis${NNBSP}: ${withFullStop(methods)}`] : []),
    ];
  }
  const name = `${learner.firstName} ${learner.lastName}`;
  const certification = formation.certification ? ` ${quoted(formation.certification)}` : "";
  switch (learner.certificationOutcome) {
    case "certified":
      return [`Certification obtenue${NNBSP}: ${name} a obtenu la certification${certification}.`];
    case "not_certified":
      return [`Certification non obtenue${NNBSP}: ${name} n'a pas obtenu la certification${certification}.`];
    case "presented":
      return [
        `${name} a passé les épreuves de la certification${certification}${NNBSP}; le résultat n'est pas encore connu à la date de cette attestation.`,
      ];
    default:
      return [
        `Le résultat de la certification${certification} n'est pas encore renseigné à la date de cette attestation.`,
      ];
  }
}

function writeBody(pdf: PdfPage, input: AttestationInput) {
  const { centre, learner, formation, session } = input;
  pdf.line(
    `${centre.name}, organisme de formation (déclaration d'activité ${activityNumberText(centre)}), atteste que${NNBSP}:`,
  );
  pdf.doc.moveDown(0.3);
  pdf.strong(`${learner.firstName} ${learner.lastName}`);
  pdf.line(`a suivi la formation ${quoted(formation.title)}.`);

  pdf.heading("Nature de l'action");
  pdf.line(actionNature(formation.bpfObjective, learner.traineeCategory));

  pdf.heading("Objectifs");
  if (formation.objectives.length) pdf.bullets(formation.objectives);
  else pdf.line("Les objectifs sont ceux du programme de la formation.");

  pdf.heading("Dates et durée");
  pdf.line(
    `Formation ${formatDateRange(session.startDate, session.endDate)} (${session.modeLabel.toLowerCase()}).`,
  );
  const planned = input.plannedMinutes ? hoursText(input.plannedMinutes) : formation.duration.trim();
  if (planned) pdf.line(`Durée de la formation${NNBSP}: ${planned}.`);

  pdf.heading("Assiduité");
  pdf.line(`Heures effectivement suivies${NNBSP}: ${hoursText(input.attendedMinutes)}.`);
  pdf.detail("Selon les feuilles d'émargement de la session.");
  if (learner.status === "dropped_out") {
    pdf.line(
      `${LEARNER_STATUS_LABELS.dropped_out}${learner.abandonedOn ? ` le ${formatDay(learner.abandonedOn)}` : ""}.`,
    );
  }

  pdf.heading("Résultats de l'évaluation des acquis");
  for (const text of assessmentResult(input)) pdf.line(text);

  pdf.doc.moveDown(1.2);
  pdf.line(
    `${joined(["Fait", centre.city ? `à ${centre.city}` : ""], " ")}, pour servir et valoir ce que de droit.`,
  );
  pdf.doc.moveDown(0.8);
  centreSignature(pdf, centre);
}

/** Writes the attestation and answers its bytes. */
export function renderAttestation(input: AttestationInput): Promise<Buffer> {
  const { centre, learner, formation } = input;
  const title = "Attestation de fin de formation";
  return renderLearnerPdf(
    {
      centre,
      title,
      subtitle: "Article L. 6353-1 du Code du travail",
      info: {
        title: `${title} — ${learner.firstName} ${learner.lastName} — ${formation.title}`,
        subject: title,
      },
      today: input.today,
    },
    (pdf) => writeBody(pdf, input),
  );
}
