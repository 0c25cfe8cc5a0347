/**
 * A document's life after it left: generated → previewed → sent (sending.server.ts) → its signed
 * copy received (a convention or a contrat: the scan the other party returns, checked by its content
 * like every upload of the console) → archived. A convention covers each learner its payer sends,
 * kept once per learner from one sending: the signed copy and the archiving reach every row of that
 * sending. And what each session still misses, for the panel staff read on Stagiaires.
 */
import { and, asc, eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { formationSessions } from "~/features/catalogue/schema.server";
import {
  type LearnerDocument,
  learnerDocuments,
  SIGNED_COPY_TYPES,
  SIGNED_KINDS,
} from "~/features/documents/schema.server";
import { learnerTitleOf } from "~/features/learners/index.server";
import { learners } from "~/features/learners/schema.server";
import { AdminInputError } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { sanitizeFileName } from "~/platform/file-name";
import { FILE_SIZE_LABEL, REQUEST_LIMITS } from "~/platform/request-limits";
import { type AgreementKind, agreementKindOf } from "./types";

export const LIFE_ERRORS = {
  unknown: "Document introuvable.",
  missing: "Choisissez la copie signée à déposer (PDF, JPEG ou PNG)",
  empty: "Le fichier est vide",
  tooLarge: `Le fichier ne doit pas dépasser ${FILE_SIZE_LABEL}`,
  type: "La copie signée doit être un PDF, une image JPEG ou PNG",
  notSigned: "Seuls une convention ou un contrat de formation se retournent signés.",
  archived: "Ce document est archivé : il ne change plus.",
  notSent: "Ce document n'a pas été envoyé : il ne s'archive pas.",
  unsignedAgreement:
    "Déposez d'abord la copie signée : une convention ou un contrat s'archive une fois retourné signé.",
} as const;

/** The largest signed copy: one document of the console's uploads. */
export const SIGNED_COPY_BYTES = REQUEST_LIMITS.fileBytes;

/** The extension each accepted type is stored with. */
const EXTENSIONS: Record<(typeof SIGNED_COPY_TYPES)[number], string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
};

const isSignedKind = (kind: string): kind is AgreementKind =>
  (SIGNED_KINDS as readonly string[]).includes(kind);

/**
 * The posted signed copy: present, not empty, within the file limit, and a PDF, a JPEG or a PNG by
 * its content (never its name or declared type). Ready to store, or the French message.
 */
export async function checkSignedCopy(
  value: FormDataEntryValue | null,
): Promise<{ fileName: string; contentType: string; content: Uint8Array } | { error: string }> {
  const file = value instanceof File && !(value.size === 0 && value.name === "") ? value : null;
  if (!file) return { error: LIFE_ERRORS.missing };
  if (file.size === 0) return { error: LIFE_ERRORS.empty };
  if (file.size > SIGNED_COPY_BYTES) return { error: LIFE_ERRORS.tooLarge };
  const content = new Uint8Array(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(content).catch(() => undefined);
  const type = SIGNED_COPY_TYPES.find((t) => t === detected?.mime);
  if (!type) return { error: LIFE_ERRORS.type };
  return {
    fileName: sanitizeFileName(file.name, EXTENSIONS[type], "copie-signee"),
    contentType: type,
    content,
  };
}

/** The document, locked for the change, or the French refusal. */
async function lockedDocument(tx: Db, id: string): Promise<LearnerDocument> {
  const [doc] = await tx.select().from(learnerDocuments).where(eq(learnerDocuments.id, id)).for("update");
  if (!doc) throw new AdminInputError(LIFE_ERRORS.unknown);
  if (doc.archivedAt) throw new AdminInputError(LIFE_ERRORS.archived);
  return doc;
}

/** Every row kept from the same sending as `doc` (a convention's learners), `doc` included. */
const sameSending = (doc: LearnerDocument) =>
  and(
    eq(learnerDocuments.sessionId, doc.sessionId),
    eq(learnerDocuments.kind, doc.kind),
    eq(learnerDocuments.requestKey, doc.requestKey),
    eq(learnerDocuments.contentHash, doc.contentHash),
  );

/** 'Déposer la copie signée': the scan received, kept on each row of the sending; the file reads 'Signée'. */
export async function receiveSignedCopy(
  tx: Db,
  actor: Actor,
  documentId: string,
  copy: { fileName: string; contentType: string; content: Uint8Array },
) {
  const doc = await lockedDocument(tx, documentId);
  if (!isSignedKind(doc.kind)) throw new AdminInputError(LIFE_ERRORS.notSigned);
  await tx
    .update(learnerDocuments)
    .set({
      signedAt: new Date(),
      signedBy: actor.id,
      signedFile: copy.content,
      signedFileName: copy.fileName,
      signedContentType: copy.contentType,
    })
    .where(sameSending(doc));
  await writeAudit(tx, actor, {
    action: "update",
    entity: "learner",
    entityId: doc.learnerId,
    details: {
      title: await learnerTitleOf(tx, doc.learnerId),
      document: doc.kind,
      signedCopy: { fileName: copy.fileName, size: copy.content.byteLength },
    },
  });
}

/** 'Archiver': the document's life is over (an agreement once signed, any other once sent). */
export async function archiveDocument(tx: Db, actor: Actor, documentId: string) {
  const doc = await lockedDocument(tx, documentId);
  if (!doc.sentAt) throw new AdminInputError(LIFE_ERRORS.notSent);
  if (isSignedKind(doc.kind) && !doc.signedAt) throw new AdminInputError(LIFE_ERRORS.unsignedAgreement);
  await tx
    .update(learnerDocuments)
    .set({ archivedAt: new Date(), archivedBy: actor.id })
    .where(sameSending(doc));
  await writeAudit(tx, actor, {
    action: "update",
    entity: "learner",
    entityId: doc.learnerId,
    details: { title: await learnerTitleOf(tx, doc.learnerId), document: doc.kind, archived: true },
  });
}

/** A learner named in the session's panel, with the document concerned when there is one. */
export interface GapLearner {
  id: string;
  name: string;
  /** The agreement sent and not returned: its kind and when it left. */
  kind?: AgreementKind;
  sentAt?: Date | null;
}

/** What a session still misses, by kind of gap (each list by name). */
export interface SessionGaps {
  /** Conventions and contrats sent, their signed copy not received yet. */
  unsigned: GapLearner[];
  /** Learners whose funding calls for an agreement not sent yet (CPF learners have none). */
  agreementsToSend: GapLearner[];
  /** Learners whose record does not say who pays. */
  noFunding: GapLearner[];
  /** From the session's last day: attestations and certificats not sent yet. */
  attestationsToSend: GapLearner[];
  certificatesToSend: GapLearner[];
  /** Whether the session reached its last day (the closing documents are due). */
  ended: boolean;
}

/**
 * What the session's documents still miss: agreements not returned signed (the latest of each
 * learner), agreements not sent, records without funding, and, once the session reached its last
 * day, attestations and certificats not sent. Learners whose record was anonymised are left out;
 * those who dropped out still get their closing documents (their hours are final) but no agreement.
 */
export async function sessionGaps(db: Db, sessionId: string, today: string): Promise<SessionGaps | null> {
  const [session] = await db
    .select({ endDate: formationSessions.endDate })
    .from(formationSessions)
    .where(eq(formationSessions.id, sessionId));
  if (!session) return null;
  const [people, docs] = await Promise.all([
    db
      .select({
        id: learners.id,
        firstName: learners.firstName,
        lastName: learners.lastName,
        status: learners.status,
        fundingSource: learners.fundingSource,
        anonymisedAt: learners.anonymisedAt,
      })
      .from(learners)
      .where(eq(learners.sessionId, sessionId))
      .orderBy(asc(learners.lastName), asc(learners.firstName)),
    db
      .select({
        learnerId: learnerDocuments.learnerId,
        kind: learnerDocuments.kind,
        sentAt: learnerDocuments.sentAt,
        signedAt: learnerDocuments.signedAt,
        archivedAt: learnerDocuments.archivedAt,
        createdAt: learnerDocuments.createdAt,
      })
      .from(learnerDocuments)
      .where(eq(learnerDocuments.sessionId, sessionId))
      .orderBy(asc(learnerDocuments.createdAt)),
  ]);
  const ended = today >= session.endDate;
  const gaps: SessionGaps = {
    unsigned: [],
    agreementsToSend: [],
    noFunding: [],
    attestationsToSend: [],
    certificatesToSend: [],
    ended,
  };
  for (const person of people) {
    if (person.anonymisedAt || !person.firstName || !person.lastName) continue;
    const named: GapLearner = { id: person.id, name: `${person.firstName} ${person.lastName}` };
    const own = docs.filter((d) => d.learnerId === person.id);
    const has = (kind: string) => own.some((d) => d.kind === kind);
    // The latest agreement is the one that counts: an older one was replaced by a new sending.
    const agreement = own.filter((d) => isSignedKind(d.kind)).at(-1);
    const following = person.status !== "dropped_out";
    const wanted = agreementKindOf(person.fundingSource);
    if (agreement && isSignedKind(agreement.kind) && !agreement.signedAt && !agreement.archivedAt) {
      gaps.unsigned.push({ ...named, kind: agreement.kind, sentAt: agreement.sentAt });
    } else if (!agreement && following && (wanted === "convention" || wanted === "contrat")) {
      gaps.agreementsToSend.push(named);
    }
    if (wanted === null && following) gaps.noFunding.push(named);
    if (ended && !has("attestation")) gaps.attestationsToSend.push(named);
    if (ended && !has("certificate")) gaps.certificatesToSend.push(named);
  }
  return gaps;
}
