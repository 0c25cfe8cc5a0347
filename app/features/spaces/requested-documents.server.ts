import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { learnerTitleOf } from "~/features/learners/index.server";
import { learners } from "~/features/learners/schema.server";
import { getCentreSettings } from "~/features/settings/index.server";
import { AdminInputError } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { enqueueMail } from "~/platform/mail/queue.server";
import type { AppRuntime } from "~/platform/runtime.server";
import type { UploadedFile } from "~/platform/uploaded-file.server";
import { learnerSpaceHref } from "./paths";
import { documentAskedMail, documentReceivedMail } from "./requested-document-mails.server";
import { requestedDocuments, spaceMembers } from "./schema.server";

// Documents the centre asks a learner for ('Demander un document' in Stagiaires) and the file the
// learner sends from their space. Staff ask and download; the learner sees what is awaited and sends
// it once. Both ends write the Journal; a received file e-mails the staff's recipient (Paramètres'
// 'Destinataire des nouvelles demandes', as a new application does) without naming the learner, so
// that the outbox keeps no one's name.

export const REQUESTED_DOCUMENT_GONE = "Ce document n'est plus demandé.";
export const ALREADY_RECEIVED = "Ce document a déjà été reçu.";
const LEARNER_GONE = "Ce ou cette stagiaire n'existe plus.";
const ANONYMISED = "Ce dossier a été anonymisé : aucun document ne peut plus être demandé.";

/** A request as the console and the space list it (never the file's bytes). */
export interface RequestedDocumentRow {
  id: string;
  learnerId: string;
  label: string;
  requestedAt: Date;
  fileName: string | null;
  size: number | null;
  receivedAt: Date | null;
}

const rowColumns = {
  id: requestedDocuments.id,
  learnerId: requestedDocuments.learnerId,
  label: requestedDocuments.label,
  requestedAt: requestedDocuments.requestedAt,
  fileName: requestedDocuments.fileName,
  size: requestedDocuments.size,
  receivedAt: requestedDocuments.receivedAt,
};

/** The Journal's title: what was asked, of which session's learner (the learner's reference, never a name). */
const titleOf = async (tx: Db, learnerId: string, label: string) =>
  `${label} – ${await learnerTitleOf(tx, learnerId)}`;

/**
 * 'Demander un document': staff ask learner `learnerId` for `label`. The learner, if their space is
 * open, gets an e-mail saying so (a link to their file, no sign-in link: they sign in as usual).
 */
export async function requestDocument(
  tx: Db,
  actor: Actor,
  learnerId: string,
  label: string,
  publicUrl: string,
): Promise<void> {
  const [learner] = await tx
    .select({ email: learners.email, firstName: learners.firstName, anonymisedAt: learners.anonymisedAt })
    .from(learners)
    .where(eq(learners.id, learnerId))
    .for("update");
  if (!learner) throw new AdminInputError(LEARNER_GONE);
  if (learner.anonymisedAt || !learner.email) throw new AdminInputError(ANONYMISED);
  const [made] = await tx
    .insert(requestedDocuments)
    .values({ learnerId, label, requestedBy: actor.id })
    .returning({ id: requestedDocuments.id });
  if (!made) throw new Error("requested document not made");
  const [member] = await tx
    .select({ id: spaceMembers.id })
    .from(spaceMembers)
    .where(eq(spaceMembers.learnerId, learnerId))
    .limit(1);
  if (member) {
    const mail = documentAskedMail(await getCentreSettings(tx), {
      firstName: learner.firstName ?? "",
      label,
      url: `${publicUrl}${learnerSpaceHref(learnerId)}#pieces`,
    });
    await enqueueMail(tx, [{ kind: "requested_document", to: learner.email, ...mail }]);
  }
  await writeAudit(tx, actor, {
    action: "create",
    entity: "requested_document",
    entityId: made.id,
    details: { title: await titleOf(tx, learnerId, label) },
  });
}

/** Each learner's requests, oldest first, for the Stagiaires screen. */
export async function requestedDocumentsOf(
  db: Db,
  learnerIds: string[],
): Promise<Record<string, RequestedDocumentRow[]>> {
  if (learnerIds.length === 0) return {};
  const rows = await db
    .select(rowColumns)
    .from(requestedDocuments)
    .where(inArray(requestedDocuments.learnerId, learnerIds))
    .orderBy(asc(requestedDocuments.requestedAt), asc(requestedDocuments.id));
  const byLearner: Record<string, RequestedDocumentRow[]> = {};
  for (const row of rows) {
    const list = byLearner[row.learnerId] ?? [];
    list.push(row);
    byLearner[row.learnerId] = list;
  }
  return byLearner;
}

/** The learner's own requests for their space: the awaited ones first, then the received, newest first. */
export function learnerRequestedDocuments(db: Db, learnerId: string): Promise<RequestedDocumentRow[]> {
  return db
    .select(rowColumns)
    .from(requestedDocuments)
    .where(eq(requestedDocuments.learnerId, learnerId))
    .orderBy(sql`${requestedDocuments.receivedAt} is not null`, desc(requestedDocuments.requestedAt));
}

/**
 * The learner sends the file of request `requestId` (already checked: type from its bytes, size).
 * Only one of their own requests still awaited; `who` is the signed-in account, named in the Journal.
 * The staff's recipient is told by e-mail, in the same transaction.
 */
export async function receiveRequestedDocument(
  app: AppRuntime,
  who: Actor,
  learnerId: string,
  requestId: string,
  file: UploadedFile,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [request] = await tx
      .select({ label: requestedDocuments.label, receivedAt: requestedDocuments.receivedAt })
      .from(requestedDocuments)
      .where(and(eq(requestedDocuments.id, requestId), eq(requestedDocuments.learnerId, learnerId)))
      .for("update");
    if (!request) throw new AdminInputError(REQUESTED_DOCUMENT_GONE);
    if (request.receivedAt) throw new AdminInputError(ALREADY_RECEIVED);
    const now = new Date();
    await tx
      .update(requestedDocuments)
      .set({
        fileName: file.fileName,
        mimeType: file.mimeType,
        size: file.size,
        content: file.content,
        receivedAt: now,
      })
      .where(and(eq(requestedDocuments.id, requestId), isNull(requestedDocuments.receivedAt)));
    const centre = await getCentreSettings(tx);
    const title = await titleOf(tx, learnerId, request.label);
    const [session] = await tx
      .select({ sessionId: learners.sessionId })
      .from(learners)
      .where(eq(learners.id, learnerId));
    await enqueueMail(tx, [
      {
        kind: "requested_document_received",
        to: centre.leadRecipient,
        ...documentReceivedMail(centre, {
          label: request.label,
          url: `${app.config.publicUrl}/admin/stagiaires?session=${session?.sessionId ?? ""}`,
        }),
      },
    ]);
    await writeAudit(tx, who, {
      action: "send",
      entity: "requested_document",
      entityId: requestId,
      details: { title },
    });
  });
  app.mail.wake();
}

/** The received file of request `requestId`, for staff; null when none (not received, unknown). */
export async function requestedDocumentFile(db: Db, requestId: string) {
  const [row] = await db
    .select({
      fileName: requestedDocuments.fileName,
      mimeType: requestedDocuments.mimeType,
      content: requestedDocuments.content,
    })
    .from(requestedDocuments)
    .where(eq(requestedDocuments.id, requestId));
  if (!row?.fileName || !row.mimeType || !row.content) return null;
  return { fileName: row.fileName, mimeType: row.mimeType, content: row.content };
}
