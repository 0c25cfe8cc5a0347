// Sending a learner's document: generated, kept as sent and queued with its e-mail in one transaction;
// to one learner, or to each learner of a session who has not had it yet.

import { createHash } from "node:crypto";
import { and, asc, eq, inArray, isNull, ne, notExists, sql } from "drizzle-orm";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { formationSessions } from "~/features/catalogue/schema.server";
import { type LearnerDocumentKind, learnerDocuments } from "~/features/documents/schema.server";
import { learnerTitleOf } from "~/features/learners/index.server";
import { learners } from "~/features/learners/schema.server";
import { AdminInputError } from "~/platform/console/action.server";
import { parisToday } from "~/platform/dates";
import { enqueueMail } from "~/platform/mail/queue.server";
import { renderMail } from "~/platform/mail/templates.server";
import type { AppRuntime } from "~/platform/runtime.server";
import { make } from "./generation.server";
import {
  type LearnerRecord,
  learnerRecord,
  type RulesAttachment,
  rulesOfClick,
  UNKNOWN_LEARNER,
} from "./records.server";
import { attestationNotYet, type DocumentType, sessionAttestationsNotYet } from "./types";

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
  const notYet = SENDING[type].learnerNotYet(record, parisToday());
  if (notYet) throw new AdminInputError(notYet);
  return sendOne(app, actor, type, record, requestKey, rulesOfClick(app.db));
}

/** How a type of document is sent; `satisfies Record<DocumentType, …>`: a new type states each. */
interface SendingRule {
  /** The kinds it is kept under: a learner who has one of them has had this document. */
  kinds: LearnerDocumentKind[];
  /** Whether a session's sending includes the learners who dropped out. */
  droppedOutToo: boolean;
  /** Why it cannot leave yet for one learner (null: it can). */
  learnerNotYet: (learner: { status: string; endDate: string }, today: string) => string | null;
  /** Why it cannot leave yet for a whole session (null: it can); only read for a type that has one. */
  sessionNotYet: ((session: { endDate: string }, today: string) => string | null) | null;
}

const always = () => null;

const SENDING = {
  convocation: { kinds: ["convocation"], droppedOutToo: false, learnerNotYet: always, sessionNotYet: null },
  agreement: {
    kinds: ["convention", "contrat"],
    droppedOutToo: false,
    learnerNotYet: always,
    sessionNotYet: null,
  },
  // The attestation states the hours attended, so a learner who dropped out has one too, and it is
  // handed over from the session's last day.
  attestation: {
    kinds: ["attestation"],
    droppedOutToo: true,
    learnerNotYet: attestationNotYet,
    sessionNotYet: sessionAttestationsNotYet,
  },
} satisfies Record<DocumentType, SendingRule>;

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
  const rule: SendingRule = SENDING[type];
  if (rule.sessionNotYet) {
    const [session] = await app.db
      .select({ endDate: formationSessions.endDate })
      .from(formationSessions)
      .where(eq(formationSessions.id, sessionId));
    const notYet = session ? rule.sessionNotYet(session, parisToday()) : null;
    if (notYet) throw new AdminInputError(notYet);
  }
  const waiting = await app.db
    .select({ id: learners.id })
    .from(learners)
    .where(
      and(
        eq(learners.sessionId, sessionId),
        rule.droppedOutToo ? undefined : ne(learners.status, "dropped_out"),
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
