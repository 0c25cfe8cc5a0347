/**
 * A learner's documents: generated from the records (learner, session, formation, timetable,
 * Paramètres), kept as sent, and e-mailed through the outbox with the PDF attached: the convocation
 * (with the règlement intérieur beside it when Paramètres has one); the agreement, a contrat de
 * formation when the learner pays personally and a convention with the company or funder otherwise;
 * the attestation de fin de formation, with the hours the attendance sheets say the learner attended.
 * Here, each type's making (one maker per DocumentType); records.server.ts gathers what they print,
 * sending.server.ts keeps and sends them, storage.server.ts reads the kept ones.
 */
import { attendedMinutes } from "~/features/attendance/index.server";
import type { LearnerDocumentKind } from "~/features/documents/schema.server";
import { LEARNER_FUNDING_LABELS } from "~/features/learners";
import { AdminInputError } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { theFormation } from "~/platform/french";
import { type AgreementKind, renderAgreement } from "./agreement-pdf.server";
import { renderAttestation } from "./attestation-pdf.server";
import { type ConvocationInput, renderConvocation } from "./convocation-pdf.server";
import { INTERNAL_RULES_FILE } from "./internal-rules-pdf.server";
import { documentFileName } from "./pdf.server";
import {
  agreementKind,
  type Context,
  contextOf,
  type LearnerRecord,
  learnerRecord,
  type Named,
  named,
  plannedMinutes,
  type RulesAttachment,
  rulesOfClick,
  sessionOf,
  UNKNOWN_LEARNER,
} from "./records.server";
import type { DocumentType } from "./types";

/** A document made: its kind, its bytes, the e-mail that carries it and who else receives it. */
interface Made {
  kind: LearnerDocumentKind;
  pdf: Buffer;
  subject: string;
  paragraphs: string[];
  /** Besides the learner: the payer's contact, for a convention. */
  alsoTo: string | null;
  /** Other files the e-mail carries (the règlement intérieur beside a convocation). */
  attachments: { filename: string; content: Buffer }[];
  /** What the audit entry keeps besides the document's kind. */
  audit: Record<string, string>;
}

type Maker = (record: Named, context: Context) => Promise<Made>;

/**
 * Each kind of agreement's e-mail, and whether it is made with the payer (a convention) or the learner
 * alone (a contrat). `satisfies Record<AgreementKind, …>`: a new kind does not compile until it has one.
 */
const AGREEMENT_MAILS = {
  contrat: {
    name: "Contrat",
    toPayer: false,
    paragraphs: (record: Named) => [
      `Vous trouverez ci-joint votre contrat de formation professionnelle pour ${theFormation(record.title)}. Merci de nous le retourner daté et signé.`,
      `À compter de sa signature, vous disposez d'un délai de rétractation de 10 jours (article L. 6353-5 du Code du travail)\u202f: aucune somme ne peut être exigée avant son terme.`,
    ],
  },
  convention: {
    name: "Convention",
    toPayer: true,
    paragraphs: (record: Named) => [
      `Vous trouverez ci-joint la convention de formation conclue avec ${record.payerName} pour ${theFormation(record.title)}.`,
      "Merci de nous la retourner datée et signée par le financeur. Pour toute question, répondez simplement à ce message.",
    ],
  },
} satisfies Record<
  AgreementKind,
  { name: string; toPayer: boolean; paragraphs: (record: Named) => string[] }
>;

const MAKERS: Record<DocumentType, Maker> = {
  convocation: async (record, { centre, slots, today, internalRules }): Promise<Made> => {
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
    };
    return {
      kind: "convocation",
      pdf: await renderConvocation(input),
      subject: `Convocation\u202f: ${record.title}`,
      paragraphs: [
        `Vous trouverez ci-joint votre convocation à ${theFormation(record.title)}\u202f: dates, horaires, lieu, contacts et ce qu'il faut apporter.`,
        ...(rules
          ? [
              "Le règlement intérieur du centre est joint à ce message\u202f: merci d'en prendre connaissance avant le premier jour.",
            ]
          : []),
        "Pour toute question, répondez simplement à ce message.",
      ],
      alsoTo: null,
      attachments: rules ? [{ filename: INTERNAL_RULES_FILE, content: rules.pdf }] : [],
      // With the version of the règlement intérieur that went with it: the proof it was handed over.
      audit: rules ? { internalRules: rules.updatedAt?.toISOString() ?? "joint" } : {},
    };
  },
  agreement: async (record, { centre, slots, today }) => {
    const kind = agreementKind(record);
    const mail = AGREEMENT_MAILS[kind];
    const payer = mail.toPayer
      ? {
          name: record.payerName ?? "",
          address: record.payerAddress ?? "",
          siret: record.payerSiret,
          contactName: record.payerContactName,
          contactEmail: record.payerContactEmail,
        }
      : null;
    const pdf = await renderAgreement({
      kind,
      centre,
      learner: record,
      payer,
      fundingLabel: record.fundingSource ? LEARNER_FUNDING_LABELS[record.fundingSource] : "",
      formation: record,
      session: sessionOf(record),
      slots,
      plannedMinutes: plannedMinutes(slots),
      today,
    });
    return {
      kind,
      pdf,
      subject: `${mail.name} de formation\u202f: ${record.title}`,
      paragraphs: mail.paragraphs(record),
      alsoTo: payer?.contactEmail && payer.contactEmail !== record.email ? payer.contactEmail : null,
      attachments: [],
      audit: {},
    };
  },
  attestation: async (record, { db, centre, slots, today }) => {
    // The attendance sheets' count: for each slot the learner's latest entry (absent: none).
    const attended = await attendedMinutes(db, { sessionId: record.sessionId, learnerIds: [record.id] });
    const pdf = await renderAttestation({
      centre,
      learner: record,
      formation: record,
      session: sessionOf(record),
      plannedMinutes: plannedMinutes(slots),
      attendedMinutes: attended.get(record.id) ?? 0,
      today,
    });
    return {
      kind: "attestation",
      pdf,
      subject: `Attestation de fin de formation\u202f: ${record.title}`,
      paragraphs: [
        `Vous trouverez ci-joint votre attestation de fin de formation pour ${theFormation(record.title)}\u202f: les objectifs, la durée, les heures que vous avez suivies et les résultats de l'évaluation.`,
        "Conservez-la\u202f: elle peut vous être demandée par un employeur ou un financeur. Pour toute question, répondez simplement à ce message.",
      ],
      alsoTo: null,
      attachments: [],
      audit: {},
    };
  },
};

/** Makes the learner's document of `type` from the records, without keeping or sending it. */
export async function make(
  db: Db,
  type: DocumentType,
  record: LearnerRecord,
  internalRules: () => Promise<RulesAttachment>,
) {
  const person = named(record);
  const context = await contextOf(db, record, internalRules);
  const made = await MAKERS[type](person, context);
  return {
    person,
    centre: context.centre,
    made,
    fileName: documentFileName(made.kind, person.lastName, person.firstName),
  };
}

/** 'Aperçu': the document staff would send, generated now, neither kept nor sent. */
export async function previewDocument(db: Db, type: DocumentType, learnerId: string) {
  const record = await learnerRecord(db, learnerId);
  if (!record) throw new AdminInputError(UNKNOWN_LEARNER);
  const { made, fileName } = await make(db, type, record, rulesOfClick(db));
  return { fileName, pdf: made.pdf };
}
