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
import { type CertificationOutcome, LEARNER_STATUS_LABELS, type LearnerStatus } from "~/features/learners";
import { activityNumberText, type CentreIdentity } from "~/features/settings";
import { hoursText } from "~/features/timetable";
import { NNBSP } from "~/platform/french";
import { type PdfPage, renderLearnerPdf } from "./pdf.server";

export interface AttestationInput {
  centre: CentreIdentity;
  learner: {
    firstName: string;
    lastName: string;
    status: LearnerStatus;
    abandonedOn: string | null;
    certificationOutcome: CertificationOutcome | null;
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

/**
 * The nature of the action among those of L. 6313-1 that the centre runs: a skills assessment, a VAE
 * support, or (any other formation) an action de formation.
 */
export function actionNature(objective: FormationBpfObjective | null): string {
  if (objective === "skills_assessment")
    return "Bilan de compétences (article L. 6313-1, 2° du Code du travail)";
  if (objective === "vae")
    return "Action permettant de faire valider les acquis de l'expérience (article L. 6313-1, 3° du Code du travail)";
  return "Action de formation (article L. 6313-1, 1° du Code du travail)";
}

/** What the assessment gave: the certification's outcome, or how the learning was assessed. */
export function assessmentResult(input: Pick<AttestationInput, "learner" | "formation">): string[] {
  const { formation, learner } = input;
  if (!formation.certifying) {
    return [
      "Formation sans certification : les acquis sont évalués en cours et en fin de formation.",
      ...(formation.assessmentMethods
        ? [`Modalités d'évaluation${NNBSP}: ${formation.assessmentMethods}`]
        : []),
    ];
  }
  const certification = formation.certification ? ` «${"\u00a0"}${formation.certification}${"\u00a0"}»` : "";
  switch (learner.certificationOutcome) {
    case "certified":
      return [`Certifié·e${NNBSP}: le ou la stagiaire a obtenu la certification${certification}.`];
    case "not_certified":
      return [`Non certifié·e${NNBSP}: le ou la stagiaire n'a pas obtenu la certification${certification}.`];
    case "presented":
      return [
        `Présenté·e à la certification${certification}${NNBSP}; le résultat n'est pas encore connu à la date de cette attestation.`,
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
  pdf.line(`a suivi la formation «${"\u00a0"}${formation.title}${"\u00a0"}».`);

  pdf.heading("Nature de l'action");
  pdf.line(actionNature(formation.bpfObjective));

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
  pdf.line(`Fait à ${centre.city}, pour servir et valoir ce que de droit.`);
  pdf.doc.moveDown(0.8);
  pdf.strong(`Pour l'organisme de formation${NNBSP}: ${centre.name}`);
  pdf.line("(signature et cachet)");
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
