/**
 * A learner's documents: generated from the records (learner, session, formation, timetable,
 * Paramètres), kept as sent, and e-mailed through the outbox with the PDF attached. Only the
 * convocation so far, with the règlement intérieur beside it when Paramètres has one.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, inArray, isNull, ne, notExists, sql } from "drizzle-orm";
import { sessionModeLabel } from "~/features/catalogue";
import { AdminInputError } from "~/features/console/index.server";
import { type Actor, learnerTitleOf, writeAudit } from "~/features/journal/index.server";
import { getCentreSettings, getInternalRules, parisToday } from "~/features/settings/index.server";
import type { Db } from "~/platform/db/client.server";
import {
  formationSessions,
  formations,
  type LearnerDocumentKind,
  learnerDocuments,
  learners,
  sessionSlots,
} from "~/platform/db/schema.server";
import { theFormation } from "~/platform/french";
import { enqueueMail } from "~/platform/mail/queue.server";
import { renderMail } from "~/platform/mail/templates.server";
import type { AppRuntime } from "~/platform/runtime.server";
import { type ConvocationInput, documentFileName, renderConvocation } from "./convocation-pdf.server";
import { INTERNAL_RULES_FILE, renderInternalRules } from "./internal-rules-pdf.server";

export const UNKNOWN_LEARNER = "Stagiaire inconnu·e.";
export const NO_ADDRESS = "Ce ou cette stagiaire n'a plus d'adresse e-mail (données anonymisées).";

/** The learner, their session and formation as the convocation prints them; null when unknown. */
async function learnerRecord(db: Db, learnerId: string) {
  const [row] = await db
    .select({
      id: learners.id,
      sessionId: learners.sessionId,
      firstName: learners.firstName,
      lastName: learners.lastName,
      email: learners.email,
      startDate: formationSessions.startDate,
      endDate: formationSessions.endDate,
      place: formationSessions.place,
      mode: formationSessions.mode,
      title: formations.title,
      contactName: formations.contactName,
      contactPhone: formations.contactPhone,
      contactEmail: formations.contactEmail,
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

/** Reads everything a learner's convocation prints. */
async function convocationOf(db: Db, record: LearnerRecord, internalRulesAttached: boolean) {
  const [centre, slots] = await Promise.all([
    getCentreSettings(db),
    db
      .select()
      .from(sessionSlots)
      .where(eq(sessionSlots.sessionId, record.sessionId))
      .orderBy(asc(sessionSlots.day), asc(sessionSlots.startMinute)),
  ]);
  const input: ConvocationInput = {
    centre,
    learner: { firstName: record.firstName ?? "", lastName: record.lastName ?? "" },
    formation: {
      title: record.title,
      contactName: record.contactName,
      contactPhone: record.contactPhone,
      contactEmail: record.contactEmail,
    },
    session: {
      startDate: record.startDate,
      endDate: record.endDate,
      place: record.place,
      modeLabel: sessionModeLabel(record.mode),
    },
    slots,
    today: parisToday(),
    internalRulesAttached,
  };
  return { centre, input };
}

/**
 * Generates the learner's convocation, keeps it and queues its e-mail, in one transaction with the
 * audit entry. `requestKey` is the click: posted again (a retry, a second instance), it finds the
 * unique index and sends nothing. Answers whether a message was queued.
 */
async function sendOne(
  app: AppRuntime,
  actor: Actor,
  record: LearnerRecord,
  requestKey: string,
  rules: RulesAttachment,
) {
  if (!record.email || !record.firstName || !record.lastName) throw new AdminInputError(NO_ADDRESS);
  const email = record.email;
  const { centre, input } = await convocationOf(app.db, record, rules !== null);
  const pdf = await renderConvocation(input);
  const kind: LearnerDocumentKind = "convocation";
  const fileName = documentFileName(kind, record.lastName, record.firstName);
  const sent = await app.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(learnerDocuments)
      .values({
        learnerId: record.id,
        sessionId: record.sessionId,
        kind,
        fileName,
        pdf,
        contentHash: createHash("sha256").update(pdf).digest("hex"),
        requestKey,
        sentAt: new Date(),
        sentTo: email,
        createdBy: actor.id,
      })
      .onConflictDoNothing()
      .returning({ id: learnerDocuments.id });
    if (!stored) return false;
    const mail = renderMail(centre, {
      subject: `Convocation\u202f: ${record.title}`,
      heading: `Bonjour ${record.firstName},`,
      paragraphs: [
        `Vous trouverez ci-joint votre convocation à ${theFormation(record.title)}\u202f: dates, horaires, lieu, contacts et ce qu'il faut apporter.`,
        ...(rules
          ? [
              "Le règlement intérieur du centre est joint à ce message\u202f: merci d'en prendre connaissance avant le premier jour.",
            ]
          : []),
        "Pour toute question, répondez simplement à ce message.",
      ],
    });
    await enqueueMail(tx, [
      {
        kind: "learner_convocation",
        to: email,
        replyTo: centre.email.trim() || null,
        learnerDocumentId: stored.id,
        attachments: [
          { filename: fileName, contentType: "application/pdf", content: pdf.toString("base64") },
          ...(rules
            ? [
                {
                  filename: INTERNAL_RULES_FILE,
                  contentType: "application/pdf",
                  content: rules.pdf.toString("base64"),
                },
              ]
            : []),
        ],
        ...mail,
      },
    ]);
    await writeAudit(tx, actor, {
      action: "send",
      entity: "learner",
      entityId: record.id,
      // Named by session and short reference, never by name, as every learner entry.
      // With the version of the règlement intérieur that went with it: the proof it was handed over.
      details: {
        title: await learnerTitleOf(tx, record.id),
        document: kind,
        ...(rules ? { internalRules: rules.updatedAt?.toISOString() ?? "joint" } : {}),
      },
    });
    return true;
  });
  if (sent) app.mail.wake();
  return sent;
}

/** 'Envoyer la convocation' on one learner: sent again at each new click (the timetable may have changed). */
export async function sendConvocation(app: AppRuntime, actor: Actor, learnerId: string, requestKey: string) {
  const record = await learnerRecord(app.db, learnerId);
  if (!record) throw new AdminInputError(UNKNOWN_LEARNER);
  return sendOne(app, actor, record, requestKey, await internalRulesOf(app.db));
}

/**
 * 'Envoyer les convocations' of a session: one e-mail to each learner still following it (not
 * dropped out, not anonymised) who has not had a convocation yet. Answers how many were sent.
 */
export async function sendSessionConvocations(
  app: AppRuntime,
  actor: Actor,
  sessionId: string,
  requestKey: string,
) {
  const waiting = await app.db
    .select({ id: learners.id })
    .from(learners)
    .where(
      and(
        eq(learners.sessionId, sessionId),
        ne(learners.status, "dropped_out"),
        isNull(learners.anonymisedAt),
        notExists(
          app.db
            .select({ one: sql`1` })
            .from(learnerDocuments)
            .where(
              and(eq(learnerDocuments.learnerId, learners.id), eq(learnerDocuments.kind, "convocation")),
            ),
        ),
      ),
    )
    .orderBy(asc(learners.lastName), asc(learners.firstName));
  let sent = 0;
  const rules = waiting.length ? await internalRulesOf(app.db) : null;
  for (const { id } of waiting) {
    const record = await learnerRecord(app.db, id);
    if (record && (await sendOne(app, actor, record, requestKey, rules))) sent++;
  }
  return sent;
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
