// Sending a learner's document: generated, kept as sent and queued with its e-mails in one transaction;
// to one learner, or to each learner of a session who has not had it yet.

import { createHash } from "node:crypto";
import { and, asc, eq, inArray, isNull, ne, notExists, or, sql } from "drizzle-orm";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { formationSessions } from "~/features/catalogue/schema.server";
import { type LearnerDocumentKind, learnerDocuments } from "~/features/documents/schema.server";
import { learnerTitleOf } from "~/features/learners/index.server";
import { learners } from "~/features/learners/schema.server";
import { AdminInputError } from "~/platform/console/action.server";
import { parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { enqueueMail } from "~/platform/mail/queue.server";
import { renderMail } from "~/platform/mail/templates.server";
import type { AppRuntime } from "~/platform/runtime.server";
import { make } from "./generation.server";
import {
  type LearnerRecord,
  learnerRecord,
  NO_ADDRESS,
  type RulesAttachment,
  rulesOfClick,
  UNKNOWN_LEARNER,
} from "./records.server";
import { hoursOf } from "./storage.server";
import { type DocumentType, endNotYet, HOURS_CHECKED, hoursWarning, sessionEndNotYet } from "./types";

/** Said after the hours' warning when staff have not confirmed it (the screen asks first). */
export const CONFIRM_HOURS = "Confirmez l'envoi pour l'envoyer malgré tout.";

/**
 * Generates the learner's document, keeps it (one row per learner it covers: a convention covers
 * each learner its payer sends) and queues its e-mails with the PDF attached, each greeting the
 * person it goes to, in one transaction with the audit entry. `requestKey` is the click: posted again
 * (a retry, a second instance), it finds the unique index and sends nothing. Answers whether
 * messages were queued.
 */
async function sendOne(
  app: AppRuntime,
  actor: Actor,
  type: DocumentType,
  record: LearnerRecord,
  requestKey: string,
  internalRules: () => Promise<RulesAttachment>,
) {
  const { centre, made, fileName } = await make(app, type, record, internalRules);
  if (!made.recipients.length) throw new AdminInputError(NO_ADDRESS);
  const sentTo = made.recipients.map((r) => r.email).join(", ");
  const contentHash = createHash("sha256").update(made.pdf).digest("hex");
  const sent = await app.db.transaction(async (tx) => {
    const row = (learnerId: string) => ({
      learnerId,
      sessionId: record.sessionId,
      kind: made.kind,
      fileName,
      pdf: made.pdf,
      contentHash,
      requestKey,
      sentAt: new Date(),
      sentTo,
      createdBy: actor.id,
    });
    const [stored] = await tx
      .insert(learnerDocuments)
      .values(row(record.id))
      .onConflictDoNothing()
      .returning({ id: learnerDocuments.id });
    if (!stored) return false;
    const others = made.coveredIds.filter((id) => id !== record.id);
    if (others.length) await tx.insert(learnerDocuments).values(others.map(row)).onConflictDoNothing();
    const attachments = [{ filename: fileName, content: made.pdf }, ...made.attachments].map((file) => ({
      filename: file.filename,
      contentType: "application/pdf",
      content: file.content.toString("base64"),
    }));
    await enqueueMail(
      tx,
      made.recipients.map((to) => ({
        kind: `${to.role}_${made.kind}`,
        to: to.email,
        replyTo: centre.email.trim() || null,
        learnerDocumentId: stored.id,
        attachments,
        ...renderMail(centre, {
          subject: made.subject,
          heading: to.greeting,
          paragraphs: made.paragraphs(to),
        }),
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

/**
 * What looks wrong in the hours an attestation or a certificat would state (types.ts, hoursWarning),
 * for this learner now; null for the other documents.
 */
async function hoursProblem(db: Db, type: DocumentType, record: LearnerRecord) {
  if (!HOURS_CHECKED.includes(type)) return null;
  const hours = (await hoursOf(db, [record]))[record.id];
  return hours ? hoursWarning(record.status, hours.attendedMinutes, hours.plannedMinutes) : null;
}

/**
 * 'Envoyer …' on one learner: sent again at each new click (the records may have changed). Hours
 * that look wrong leave only once staff confirmed them (`hoursConfirmed`), as the screen asks.
 */
export async function sendDocument(
  app: AppRuntime,
  actor: Actor,
  type: DocumentType,
  learnerId: string,
  requestKey: string,
  hoursConfirmed = false,
) {
  const record = await learnerRecord(app.db, learnerId);
  if (!record) throw new AdminInputError(UNKNOWN_LEARNER);
  const notYet = endNotYet(type, record, parisToday());
  if (notYet) throw new AdminInputError(notYet);
  const problem = hoursConfirmed ? null : await hoursProblem(app.db, type, record);
  if (problem) throw new AdminInputError(`${problem} ${CONFIRM_HOURS}`);
  return sendOne(app, actor, type, record, requestKey, rulesOfClick(app));
}

/** How a type of document is sent from a session; `satisfies Record<DocumentType, …>`: a new type states each. */
interface SendingRule {
  /** The kinds it is kept under: a learner who has one of them has had this document. */
  kinds: LearnerDocumentKind[];
  /** Whether a session's sending includes the learners who dropped out. */
  droppedOutToo: boolean;
  /** Whether the learners bought their training on Mon Compte Formation are left out (they have none). */
  withoutCpf: boolean;
}

const SENDING = {
  convocation: { kinds: ["convocation"], droppedOutToo: false, withoutCpf: false },
  agreement: { kinds: ["convention", "contrat"], droppedOutToo: false, withoutCpf: true },
  // The closing documents state the hours attended, so a learner who dropped out has them too.
  attestation: { kinds: ["attestation"], droppedOutToo: true, withoutCpf: false },
  certificate: { kinds: ["certificate"], droppedOutToo: true, withoutCpf: false },
} satisfies Record<DocumentType, SendingRule>;

/** Whether the learner has had a document of these kinds (a convention sent for a colleague counts). */
const hasHad = (db: Db, learnerId: string, kinds: LearnerDocumentKind[]) =>
  db
    .select({ one: sql`1` })
    .from(learnerDocuments)
    .where(and(eq(learnerDocuments.learnerId, learnerId), inArray(learnerDocuments.kind, kinds)))
    .limit(1);

/**
 * 'Envoyer les …' of a session: the document to each learner still following it (not dropped out,
 * not anonymised) who has not had it yet; the closing documents also to a learner who dropped out,
 * since they state the hours attended, and only from the session's last day (before, refused in
 * French: a learner who dropped out has theirs from their row). A learner whose record lacks what
 * the document needs (who pays, an address) is left for staff to complete; one whose hours look
 * wrong is left for staff to check and send from their row; a CPF learner has no agreement. A
 * convention covers the payer's other learners, who are then not sent another. Answers how many
 * were sent, left to complete and left to check.
 */
export async function sendSessionDocuments(
  app: AppRuntime,
  actor: Actor,
  type: DocumentType,
  sessionId: string,
  requestKey: string,
) {
  const rule: SendingRule = SENDING[type];
  const [session] = await app.db
    .select({ endDate: formationSessions.endDate })
    .from(formationSessions)
    .where(eq(formationSessions.id, sessionId));
  const notYet = session ? sessionEndNotYet(type, session, parisToday()) : null;
  if (notYet) throw new AdminInputError(notYet);
  const waiting = await app.db
    .select({ id: learners.id })
    .from(learners)
    .where(
      and(
        eq(learners.sessionId, sessionId),
        rule.droppedOutToo ? undefined : ne(learners.status, "dropped_out"),
        rule.withoutCpf ? or(isNull(learners.fundingSource), ne(learners.fundingSource, "cpf")) : undefined,
        isNull(learners.anonymisedAt),
        notExists(
          app.db
            .select({ one: sql`1` })
            .from(learnerDocuments)
            .where(
              and(eq(learnerDocuments.learnerId, learners.id), inArray(learnerDocuments.kind, rule.kinds)),
            ),
        ),
      ),
    )
    .orderBy(asc(learners.lastName), asc(learners.firstName));
  let sent = 0;
  let left = 0;
  let toCheck = 0;
  const internalRules = rulesOfClick(app);
  for (const { id } of waiting) {
    // A convention sent for a colleague a moment ago covers this learner already.
    if ((await hasHad(app.db, id, rule.kinds)).length) continue;
    const record = await learnerRecord(app.db, id);
    if (!record) continue;
    if (await hoursProblem(app.db, type, record)) {
      toCheck++;
      continue;
    }
    try {
      if (await sendOne(app, actor, type, record, requestKey, internalRules)) sent++;
    } catch (error) {
      if (!(error instanceof AdminInputError)) throw error;
      left++;
    }
  }
  return { sent, left, toCheck };
}
