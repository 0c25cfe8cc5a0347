/**
 * A learner's documents: generated from the records (learner, session, formation, timetable,
 * Paramètres), kept as sent, and e-mailed through the outbox with the PDF attached: the convocation
 * (with the règlement intérieur beside it when Paramètres has one); the agreement, a contrat de
 * formation when the learner pays personally and a convention with the company or funder otherwise;
 * the attestation de fin de formation, with the hours the attendance sheets say the learner attended.
 */

import { createHash } from "node:crypto";
import { and, asc, eq, inArray, isNull, ne, notExists, sql } from "drizzle-orm";
import { attendedMinutes } from "~/features/attendance/index.server";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { sessionModeLabel } from "~/features/catalogue";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { type LearnerDocumentKind, learnerDocuments } from "~/features/documents/schema.server";
import { LEARNER_FUNDING_LABELS } from "~/features/learners";
import { learnerTitleOf, payerColumns } from "~/features/learners/index.server";
import { learners } from "~/features/learners/schema.server";
import { getCentreSettings, getInternalRules } from "~/features/settings/index.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import { AdminInputError } from "~/platform/console/action.server";
import { parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { theFormation } from "~/platform/french";
import { enqueueMail } from "~/platform/mail/queue.server";
import { renderMail } from "~/platform/mail/templates.server";
import type { AppRuntime } from "~/platform/runtime.server";
import { type AgreementKind, renderAgreement } from "./agreement-pdf.server";
import { renderAttestation } from "./attestation-pdf.server";
import { type ConvocationInput, renderConvocation } from "./convocation-pdf.server";
import { INTERNAL_RULES_FILE, renderInternalRules } from "./internal-rules-pdf.server";
import { documentFileName } from "./pdf.server";
import { attestationNotYet, type DocumentType, sessionAttestationsNotYet } from "./types";

export const UNKNOWN_LEARNER = "Stagiaire inconnu·e.";
export const NO_ADDRESS = "Ce ou cette stagiaire n'a plus d'adresse e-mail (données anonymisées).";
export const NO_FUNDING =
  "Indiquez d'abord qui finance la formation de ce ou cette stagiaire (Modifier, rubrique Financement).";
export const NO_PAYER =
  "Indiquez d'abord l'entreprise ou le financeur qui paie et son adresse (Modifier, rubrique Financement).";

/** The learner, their session and formation as the convocation prints them; null when unknown. */
async function learnerRecord(db: Db, learnerId: string) {
  const [row] = await db
    .select({
      id: learners.id,
      sessionId: learners.sessionId,
      firstName: learners.firstName,
      lastName: learners.lastName,
      email: learners.email,
      status: learners.status,
      abandonedOn: learners.abandonedOn,
      certificationOutcome: learners.certification,
      ...payerColumns,
      startDate: formationSessions.startDate,
      endDate: formationSessions.endDate,
      place: formationSessions.place,
      mode: formationSessions.mode,
      title: formations.title,
      contactName: formations.contactName,
      contactPhone: formations.contactPhone,
      contactEmail: formations.contactEmail,
      objectives: formations.objectives,
      duration: formations.duration,
      prerequisites: formations.prerequisites,
      teachingMethods: formations.teachingMethods,
      assessmentMethods: formations.assessmentMethods,
      certifying: formations.certifying,
      certification: formations.certification,
      bpfObjective: formations.bpfObjective,
      price: formations.price,
      pricing: formations.pricing,
    })
    .from(learners)
    .innerJoin(formationSessions, eq(formationSessions.id, learners.sessionId))
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(eq(learners.id, learnerId));
  return row ?? null;
}

type LearnerRecord = NonNullable<Awaited<ReturnType<typeof learnerRecord>>>;

/** The règlement intérieur that goes with convocations, drawn once per click; null while Paramètres has none. */
async function internalRulesOf(db: Db) {
  const [rules, centre] = await Promise.all([getInternalRules(db), getCentreSettings(db)]);
  if (!rules.text.trim()) return null;
  return { pdf: await renderInternalRules({ centre, ...rules }), updatedAt: rules.updatedAt };
}

type RulesAttachment = Awaited<ReturnType<typeof internalRulesOf>>;

/** The règlement intérieur of one click, drawn the first time a convocation asks for it. */
function rulesOfClick(db: Db): () => Promise<RulesAttachment> {
  let rules: Promise<RulesAttachment> | null = null;
  return () => {
    rules ??= internalRulesOf(db);
    return rules;
  };
}

/** A learner who still has a name and an address: anonymised records get no document. */
type Named = LearnerRecord & { firstName: string; lastName: string; email: string };

function named(record: LearnerRecord): Named {
  const { firstName, lastName, email } = record;
  if (!email || !firstName || !lastName) throw new AdminInputError(NO_ADDRESS);
  return { ...record, firstName, lastName, email };
}

/** What every document prints besides the learner: the centre, the session's slots, today. */
async function contextOf(db: Db, record: LearnerRecord, internalRules: () => Promise<RulesAttachment>) {
  const [centre, slots] = await Promise.all([
    getCentreSettings(db),
    db
      .select()
      .from(sessionSlots)
      .where(eq(sessionSlots.sessionId, record.sessionId))
      .orderBy(asc(sessionSlots.day), asc(sessionSlots.startMinute)),
  ]);
  return { db, centre, slots, today: parisToday(), internalRules };
}
type Context = Awaited<ReturnType<typeof contextOf>>;

const sessionOf = (record: LearnerRecord) => ({
  startDate: record.startDate,
  endDate: record.endDate,
  place: record.place,
  modeLabel: sessionModeLabel(record.mode),
});

/** The session's planned time: the sum of its slots, in minutes. */
const plannedMinutes = (slots: Context["slots"]) =>
  slots.reduce((sum, slot) => sum + slot.endMinute - slot.startMinute, 0);

/**
 * Which agreement the learner's training is sold under: a contrat de formation professionnelle when
 * they pay personally, a convention with the company or funder otherwise. Refused, in French, while
 * the learner's record does not say who pays, or names no payer for a convention.
 */
export function agreementKind(
  record: Pick<LearnerRecord, "fundingSource" | "payerName" | "payerAddress">,
): AgreementKind {
  if (!record.fundingSource) throw new AdminInputError(NO_FUNDING);
  if (record.fundingSource === "personal") return "contrat";
  if (!record.payerName || !record.payerAddress) throw new AdminInputError(NO_PAYER);
  return "convention";
}

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
    const contrat = kind === "contrat";
    return {
      kind,
      pdf,
      subject: `${contrat ? "Contrat" : "Convention"} de formation\u202f: ${record.title}`,
      paragraphs: contrat
        ? [
            `Vous trouverez ci-joint votre contrat de formation professionnelle pour ${theFormation(record.title)}. Merci de nous le retourner daté et signé.`,
            `À compter de sa signature, vous disposez d'un délai de rétractation de 10 jours (article L. 6353-5 du Code du travail)\u202f: aucune somme ne peut être exigée avant son terme.`,
          ]
        : [
            `Vous trouverez ci-joint la convention de formation conclue avec ${record.payerName} pour ${theFormation(record.title)}.`,
            "Merci de nous la retourner datée et signée par le financeur. Pour toute question, répondez simplement à ce message.",
          ],
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
async function make(
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

/**
 * Generates the learner's document, keeps it and queues its e-mail (with the PDF attached), in one
 * transaction with the audit entry. `requestKey` is the click: posted again (a retry, a second
 * instance), it finds the unique index and sends nothing. Answers whether a message was queued.
 */
async function sendOne(
  app: AppRuntime,
  actor: Actor,
  type: DocumentType,
  record: LearnerRecord,
  requestKey: string,
  internalRules: () => Promise<RulesAttachment>,
) {
  const { person, centre, made, fileName } = await make(app.db, type, record, internalRules);
  const recipients = [person.email, ...(made.alsoTo ? [made.alsoTo] : [])];
  const sent = await app.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(learnerDocuments)
      .values({
        learnerId: record.id,
        sessionId: record.sessionId,
        kind: made.kind,
        fileName,
        pdf: made.pdf,
        contentHash: createHash("sha256").update(made.pdf).digest("hex"),
        requestKey,
        sentAt: new Date(),
        sentTo: recipients.join(", "),
        createdBy: actor.id,
      })
      .onConflictDoNothing()
      .returning({ id: learnerDocuments.id });
    if (!stored) return false;
    const mail = renderMail(centre, {
      subject: made.subject,
      heading: `Bonjour ${person.firstName},`,
      paragraphs: made.paragraphs,
    });
    const attachments = [{ filename: fileName, content: made.pdf }, ...made.attachments].map((file) => ({
      filename: file.filename,
      contentType: "application/pdf",
      content: file.content.toString("base64"),
    }));
    await enqueueMail(
      tx,
      recipients.map((to) => ({
        kind: `learner_${made.kind}`,
        to,
        replyTo: centre.email.trim() || null,
        learnerDocumentId: stored.id,
        attachments,
        ...mail,
      })),
    );
    await writeAudit(tx, actor, {
      action: "send",
      entity: "learner",
      entityId: record.id,
      // Named by session and short reference, never by name, as every learner entry.
      details: { title: await learnerTitleOf(tx, record.id), document: made.kind, ...made.audit },
    });
    return true;
  });
  if (sent) app.mail.wake();
  return sent;
}

/** 'Envoyer …' on one learner: sent again at each new click (the records may have changed). */
export async function sendDocument(
  app: AppRuntime,
  actor: Actor,
  type: DocumentType,
  learnerId: string,
  requestKey: string,
) {
  const record = await learnerRecord(app.db, learnerId);
  if (!record) throw new AdminInputError(UNKNOWN_LEARNER);
  const notYet = type === "attestation" ? attestationNotYet(record, parisToday()) : null;
  if (notYet) throw new AdminInputError(notYet);
  return sendOne(app, actor, type, record, requestKey, rulesOfClick(app.db));
}

/** The kinds a type is kept under: a learner who has one of them has had this document. */
const KINDS_OF: Record<DocumentType, LearnerDocumentKind[]> = {
  convocation: ["convocation"],
  agreement: ["convention", "contrat"],
  attestation: ["attestation"],
};

/**
 * 'Envoyer les …' of a session: the document to each learner still following it (not dropped out,
 * not anonymised) who has not had it yet; the attestation also to a learner who dropped out, since
 * it states the hours they attended, and only from the session's last day (before, refused in
 * French: a learner who dropped out has theirs from their row). A learner whose record lacks what
 * the document needs (who pays, for an agreement) is left for staff to complete. Answers how many
 * were sent and left.
 */
export async function sendSessionDocuments(
  app: AppRuntime,
  actor: Actor,
  type: DocumentType,
  sessionId: string,
  requestKey: string,
) {
  if (type === "attestation") {
    const [session] = await app.db
      .select({ endDate: formationSessions.endDate })
      .from(formationSessions)
      .where(eq(formationSessions.id, sessionId));
    const notYet = session ? sessionAttestationsNotYet(session, parisToday()) : null;
    if (notYet) throw new AdminInputError(notYet);
  }
  const waiting = await app.db
    .select({ id: learners.id })
    .from(learners)
    .where(
      and(
        eq(learners.sessionId, sessionId),
        type === "attestation" ? undefined : ne(learners.status, "dropped_out"),
        isNull(learners.anonymisedAt),
        notExists(
          app.db
            .select({ one: sql`1` })
            .from(learnerDocuments)
            .where(
              and(
                eq(learnerDocuments.learnerId, learners.id),
                inArray(learnerDocuments.kind, KINDS_OF[type]),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(learners.lastName), asc(learners.firstName));
  let sent = 0;
  let left = 0;
  const internalRules = rulesOfClick(app.db);
  for (const { id } of waiting) {
    const record = await learnerRecord(app.db, id);
    if (!record) continue;
    try {
      if (await sendOne(app, actor, type, record, requestKey, internalRules)) sent++;
    } catch (error) {
      if (!(error instanceof AdminInputError)) throw error;
      left++;
    }
  }
  return { sent, left };
}

/** A document as the Stagiaires list shows it. */
export interface DocumentSummary {
  id: string;
  kind: LearnerDocumentKind;
  createdAt: Date;
  sentAt: Date | null;
  sentTo: string | null;
}

/** The documents of `learnerIds`, newest first, by learner. */
export async function documentsOf(db: Db, learnerIds: string[]): Promise<Record<string, DocumentSummary[]>> {
  const found: Record<string, DocumentSummary[]> = {};
  if (!learnerIds.length) return found;
  const rows = await db
    .select({
      id: learnerDocuments.id,
      learnerId: learnerDocuments.learnerId,
      kind: learnerDocuments.kind,
      createdAt: learnerDocuments.createdAt,
      sentAt: learnerDocuments.sentAt,
      sentTo: learnerDocuments.sentTo,
    })
    .from(learnerDocuments)
    .where(inArray(learnerDocuments.learnerId, learnerIds))
    .orderBy(sql`${learnerDocuments.createdAt} desc`);
  for (const { learnerId, ...doc } of rows) {
    found[learnerId] ??= [];
    found[learnerId].push(doc);
  }
  return found;
}

/** Whether convocations would leave without the règlement intérieur (Stagiaires warns staff). */
export async function internalRulesMissing(db: Db): Promise<boolean> {
  return !(await getInternalRules(db)).text.trim();
}

/** One kept document's file, for staff to download. */
export async function documentFile(db: Db, id: string) {
  const [row] = await db
    .select({ fileName: learnerDocuments.fileName, pdf: learnerDocuments.pdf })
    .from(learnerDocuments)
    .where(eq(learnerDocuments.id, id));
  return row ?? null;
}
