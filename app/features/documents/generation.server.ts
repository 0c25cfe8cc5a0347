/**
 * A learner's documents: generated from the records (learner, session, formation, timetable,
 * Paramètres), kept as sent, and e-mailed through the outbox with the PDF attached: the convocation
 * (with the règlement intérieur beside it when Paramètres has one); the agreement, a contrat de
 * formation when the learner pays personally and a convention with the company or funder otherwise,
 * each with the formation's programme annexed (none for a training bought on Mon Compte Formation);
 * the attestation de fin de formation and the certificat de réalisation, with the hours the
 * attendance sheets say the learner attended. Here, each type's making (one maker per DocumentType)
 * and its e-mail's words for each recipient; records.server.ts gathers what they print,
 * sending.server.ts keeps and sends them, storage.server.ts reads the kept ones.
 */
import { eq } from "drizzle-orm";
import { attendanceCode, attendedMinutes, codeText } from "~/features/attendance/index.server";
import { programmeFileName, renderProgramme } from "~/features/catalogue/index.server";
import { formations } from "~/features/catalogue/schema.server";
import type { LearnerDocumentKind } from "~/features/documents/schema.server";
import { LEARNER_FUNDING_LABELS } from "~/features/learners";
import { trainerQualifications } from "~/features/trainers/index.server";
import { AdminInputError } from "~/platform/console/action.server";
import { ofName, theFormation } from "~/platform/french";
import { plural } from "~/platform/plural";
import type { AppRuntime } from "~/platform/runtime.server";
import { renderAgreement, WITHDRAWAL_DAYS } from "./agreement-pdf.server";
import { renderAttestation } from "./attestation-pdf.server";
import { renderCertificate } from "./certificate-pdf.server";
import { type ConvocationInput, renderConvocation } from "./convocation-pdf.server";
import { INTERNAL_RULES_FILE } from "./internal-rules-pdf.server";
import { documentFileName } from "./pdf.server";
import {
  agreementKind,
  type Context,
  contextOf,
  conventionLearners,
  type LearnerRecord,
  learnerRecord,
  type Named,
  named,
  plannedMinutes,
  type RulesAttachment,
  rulesOfClick,
  sessionOf,
  sessionTrainers,
  UNKNOWN_LEARNER,
} from "./records.server";
import { type DocumentType, type Recipient, recipientsOf } from "./types";

/** A file an e-mail carries. */
interface Attached {
  filename: string;
  content: Buffer;
}

/** A document made: its kind, its bytes, the e-mail that carries it, to whom, and whom it covers. */
export interface Made {
  kind: LearnerDocumentKind;
  pdf: Buffer;
  subject: string;
  /** The e-mail's paragraphs for one recipient: the learner and a payer are told different things. */
  paragraphs: (to: Recipient) => string[];
  recipients: Recipient[];
  /** Other files the e-mail carries (the règlement intérieur, the programme annexed to an agreement). */
  attachments: Attached[];
  /** Everyone the document is kept for (a convention: each learner its payer sends), the one asked first. */
  coveredIds: string[];
  /** What the audit entry keeps besides the document's kind. */
  audit: Record<string, string>;
}

type Maker = (record: Named, context: Context) => Promise<Made>;

/** How each kept kind's file is named: 'certificat-de-realisation-dupont-marie.pdf'. */
const FILE_PREFIXES: Record<LearnerDocumentKind, string> = {
  convocation: "convocation",
  convention: "convention",
  contrat: "contrat",
  attestation: "attestation",
  certificate: "certificat-de-realisation",
};

const REPLY = "Pour toute question, répondez simplement à ce message.";

/** The formation's programme, annexed to an agreement: the same PDF as the course page's, under the same logo. */
async function programmeOf(record: Named, { db, centre }: Context): Promise<Attached> {
  const [formation] = await db.select().from(formations).where(eq(formations.id, record.formationId));
  if (!formation) throw new AdminInputError(UNKNOWN_LEARNER);
  // The programme's content only: the upcoming sessions and published results belong to the course
  // page, not to an agreement signed for one session.
  const content = await renderProgramme({
    formation,
    centre,
    sessions: [],
    results: [],
    logo: centre.printedLogo,
  });
  return { filename: programmeFileName(formation.slug), content };
}

/** The hours the attendance sheets give the learner: for each slot its latest entry (absent: none). */
async function attendedOf(record: Named, { db }: Context): Promise<number> {
  const attended = await attendedMinutes(db, { sessionId: record.sessionId, learnerIds: [record.id] });
  return attended.get(record.id) ?? 0;
}

const MAKERS: Record<DocumentType, Maker> = {
  convocation: async (record, context): Promise<Made> => {
    const { centre, slots, today, internalRules } = context;
    const rules = await internalRules();
    const input: ConvocationInput = {
      centre,
      learner: record,
      formation: {
        title: record.title,
        contactName: record.contactName,
        contactPhone: record.contactPhone,
        contactEmail: record.contactEmail,
      },
      session: sessionOf(record),
      slots,
      today,
      internalRulesAttached: rules !== null,
      attendanceCode: codeText(attendanceCode(context.app.config.authSecret, record.id)),
    };
    return {
      kind: "convocation",
      pdf: await renderConvocation(input),
      subject: `Convocation\u202f: ${record.title}`,
      paragraphs: () => [
        `Vous trouverez ci-joint votre convocation à ${theFormation(record.title)}\u202f: dates, horaires, lieu, votre code d'émargement, contacts et ce qu'il faut apporter.`,
        ...(rules
          ? [
              "Le règlement intérieur du centre est joint à ce message\u202f: merci d'en prendre connaissance avant le premier jour.",
            ]
          : []),
        REPLY,
      ],
      recipients: recipientsOf("convocation", record),
      attachments: rules ? [{ filename: INTERNAL_RULES_FILE, content: rules.pdf }] : [],
      coveredIds: [record.id],
      // With the version of the règlement intérieur that went with it: the proof it was handed over.
      audit: rules ? { internalRules: rules.updatedAt?.toISOString() ?? "joint" } : {},
    };
  },
  agreement: async (record, context) => {
    const { db, centre, slots, today } = context;
    const kind = agreementKind(record);
    const covered = kind === "convention" ? await conventionLearners(db, record) : [record];
    const payer =
      kind === "convention"
        ? {
            name: record.payerName ?? "",
            address: record.payerAddress ?? "",
            siret: record.payerSiret,
            contactName: record.payerContactName,
            contactEmail: record.payerContactEmail,
          }
        : null;
    const programme = await programmeOf(record, context);
    const pdf = await renderAgreement({
      kind,
      centre,
      learner: record,
      covered,
      payer,
      fundingLabel: record.fundingSource ? LEARNER_FUNDING_LABELS[record.fundingSource] : "",
      formation: record,
      session: sessionOf(record),
      slots,
      trainers: sessionTrainers(
        slots,
        await trainerQualifications(
          db,
          slots.flatMap((s) => (s.trainerId ? [s.trainerId] : [])),
        ),
      ),
      programmeFile: programme.filename,
      plannedMinutes: plannedMinutes(slots),
      today,
    });
    const formation = theFormation(record.title);
    const names = covered.map((t) => `${t.firstName} ${t.lastName}`).join(", ");
    return {
      kind,
      pdf,
      subject: `${kind === "convention" ? "Convention" : "Contrat"} de formation\u202f: ${record.title}`,
      paragraphs: (to) =>
        kind === "contrat"
          ? [
              `Vous trouverez ci-joint votre contrat de formation professionnelle pour ${formation}, avec le programme de la formation qui lui est annexé. Merci de nous le retourner daté et signé.`,
              `À compter de sa signature, vous disposez d'un délai de rétractation de ${WITHDRAWAL_DAYS} jours (article L. 6353-5 du Code du travail)\u202f: aucune somme ne peut être exigée avant son terme.`,
              REPLY,
            ]
          : to.role === "payer"
            ? [
                `Vous trouverez ci-joint la convention relative à ${formation} pour ${plural(covered.length, "stagiaire", "stagiaires")} (${names}), avec le programme de la formation qui lui est annexé.`,
                "Merci de nous la retourner datée, signée et revêtue de votre cachet.",
                REPLY,
              ]
            : [
                `Vous trouverez ci-joint la convention de formation conclue avec ${record.payerName} pour ${formation}, avec le programme de la formation qui lui est annexé.`,
                `Nous n'avons pas d'adresse e-mail pour ${record.payerName}\u202f: merci de lui transmettre cette convention, puis de nous la retourner signée.`,
                REPLY,
              ],
      recipients: recipientsOf("agreement", record),
      attachments: [programme],
      coveredIds: [record.id, ...covered.map((t) => t.id).filter((id) => id !== record.id)],
      audit: { learners: String(covered.length) },
    };
  },
  attestation: async (record, context) => {
    const { centre, slots, today } = context;
    const pdf = await renderAttestation({
      centre,
      learner: record,
      formation: record,
      session: sessionOf(record),
      plannedMinutes: plannedMinutes(slots),
      attendedMinutes: await attendedOf(record, context),
      today,
    });
    return {
      kind: "attestation",
      pdf,
      subject: `Attestation de fin de formation\u202f: ${record.title}`,
      paragraphs: () => [
        `Vous trouverez ci-joint votre attestation de fin de formation pour ${theFormation(record.title)}\u202f: les objectifs, la durée, les heures que vous avez suivies et les résultats de l'évaluation.`,
        `Conservez-la\u202f: elle peut vous être demandée par un employeur ou un financeur. ${REPLY}`,
      ],
      recipients: recipientsOf("attestation", record),
      attachments: [],
      coveredIds: [record.id],
      audit: {},
    };
  },
  certificate: async (record, context) => {
    const { centre, slots, today } = context;
    const pdf = await renderCertificate({
      centre,
      learner: record,
      formation: record,
      session: sessionOf(record),
      plannedMinutes: plannedMinutes(slots),
      attendedMinutes: await attendedOf(record, context),
      today,
    });
    const formation = theFormation(record.title);
    const name = `${record.firstName} ${record.lastName}`;
    return {
      kind: "certificate",
      pdf,
      subject: `Certificat de réalisation\u202f: ${record.title}`,
      paragraphs: (to) =>
        to.role === "payer"
          ? [
              `Vous trouverez ci-joint le certificat de réalisation ${ofName(name)} pour ${formation}\u202f: les heures réalisées selon les feuilles d'émargement, pour la prise en charge de la formation.`,
              REPLY,
            ]
          : [
              `Vous trouverez ci-joint votre certificat de réalisation pour ${formation}\u202f: les heures que vous avez suivies selon les feuilles d'émargement.`,
              record.cpfFileNumber
                ? `Il atteste la réalisation de la formation achetée sur Mon Compte Formation (dossier n° ${record.cpfFileNumber}). ${REPLY}`
                : `Conservez-le\u202f: un financeur peut vous le demander. ${REPLY}`,
            ],
      recipients: recipientsOf("certificate", record),
      attachments: [],
      coveredIds: [record.id],
      audit: {},
    };
  },
};

/** Makes the learner's document of `type` from the records, without keeping or sending it. */
export async function make(
  app: AppRuntime,
  type: DocumentType,
  record: LearnerRecord,
  internalRules: () => Promise<RulesAttachment>,
) {
  const person = named(record);
  const context = await contextOf(app, record, internalRules);
  const made = await MAKERS[type](person, context);
  return {
    person,
    centre: context.centre,
    made,
    fileName: documentFileName(FILE_PREFIXES[made.kind], person.lastName, person.firstName),
  };
}

/** 'Aperçu': the document staff would send, generated now, neither kept nor sent. */
export async function previewDocument(app: AppRuntime, type: DocumentType, learnerId: string) {
  const record = await learnerRecord(app.db, learnerId);
  if (!record) throw new AdminInputError(UNKNOWN_LEARNER);
  const { made, fileName } = await make(app, type, record, rulesOfClick(app));
  return { fileName, pdf: made.pdf };
}
