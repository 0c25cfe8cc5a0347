import { asc, desc, eq, inArray } from "drizzle-orm";
import { learnerDocuments } from "~/features/documents/schema.server";
import { learners } from "~/features/learners/schema.server";
import { AdminInputError } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { sha256 } from "./requests.server";
import { type SignatureRequest, signatureRequests, signatureSigners } from "./schema.server";
import { SIGNATURE_ERRORS, VERIFY_MESSAGES } from "./vocabulary";

/**
 * 'Vérifier': the SHA-256 of the stored files recomputed now. The frozen PDF must still have the
 * recorded one; a signed PDF its own recorded one, and begin with the frozen PDF's bytes.
 */
export async function verifyRequest(db: Db, requestId: string) {
  const [row] = await db
    .select({
      frozenPdf: signatureRequests.frozenPdf,
      documentSha256: signatureRequests.documentSha256,
      signedPdf: signatureRequests.signedPdf,
      signedSha256: signatureRequests.signedSha256,
    })
    .from(signatureRequests)
    .where(eq(signatureRequests.id, requestId));
  if (!row) throw new AdminInputError(SIGNATURE_ERRORS.unknownRequest);
  const frozen = sha256(row.frozenPdf);
  const signedMatches =
    !row.signedPdf ||
    (sha256(row.signedPdf) === row.signedSha256 &&
      Buffer.from(row.signedPdf.subarray(0, row.frozenPdf.byteLength)).equals(Buffer.from(row.frozenPdf)));
  const matches = frozen === row.documentSha256 && signedMatches;
  return { matches, message: matches ? VERIFY_MESSAGES.matches : VERIFY_MESSAGES.differs, sha256: frozen };
}

/** The console's page of one request: the document, the learner, each signer and their evidence. */
export async function requestView(db: Db, requestId: string) {
  const [request] = await db
    .select({
      id: signatureRequests.id,
      documentId: signatureRequests.documentId,
      fileName: signatureRequests.fileName,
      state: signatureRequests.state,
      documentSha256: signatureRequests.documentSha256,
      signedSha256: signatureRequests.signedSha256,
      createdAt: signatureRequests.createdAt,
      completedAt: signatureRequests.completedAt,
      cancelledAt: signatureRequests.cancelledAt,
      kind: learnerDocuments.kind,
      learnerId: learnerDocuments.learnerId,
      sessionId: learnerDocuments.sessionId,
      firstName: learners.firstName,
      lastName: learners.lastName,
    })
    .from(signatureRequests)
    .innerJoin(learnerDocuments, eq(learnerDocuments.id, signatureRequests.documentId))
    .innerJoin(learners, eq(learners.id, learnerDocuments.learnerId))
    .where(eq(signatureRequests.id, requestId));
  if (!request) return null;
  const signers = await db
    .select({
      id: signatureSigners.id,
      role: signatureSigners.role,
      name: signatureSigners.name,
      email: signatureSigners.email,
      signedAt: signatureSigners.signedAt,
      verifiedEmail: signatureSigners.verifiedEmail,
      ip: signatureSigners.ip,
      userAgent: signatureSigners.userAgent,
      documentSha256: signatureSigners.documentSha256,
      reminderSentAt: signatureSigners.reminderSentAt,
    })
    .from(signatureSigners)
    .where(eq(signatureSigners.requestId, requestId))
    .orderBy(asc(signatureSigners.position));
  return { request, signers };
}

export type SignatureRequestView = NonNullable<Awaited<ReturnType<typeof requestView>>>;

/** A request's file: the frozen PDF, the signed one (null until complete), or the latest of the two. */
export async function requestFile(db: Db, requestId: string, which: "frozen" | "signed" | "latest") {
  const [row] = await db
    .select({
      fileName: signatureRequests.fileName,
      frozenPdf: signatureRequests.frozenPdf,
      signedPdf: signatureRequests.signedPdf,
    })
    .from(signatureRequests)
    .where(eq(signatureRequests.id, requestId));
  if (!row) return null;
  const signed = row.signedPdf
    ? { fileName: `${row.fileName.replace(/\.pdf$/i, "")}-signe.pdf`, pdf: row.signedPdf }
    : null;
  const frozen = { fileName: row.fileName, pdf: row.frozenPdf };
  return which === "frozen" ? frozen : which === "signed" ? signed : (signed ?? frozen);
}

/**
 * The latest request of each document given (for the learner's file): its id and state. A convention's
 * request shows on every learner it covers: their rows of one sending share its bytes, whose SHA-256
 * the request recorded.
 */
export async function signaturesOfDocuments(db: Db, documentIds: string[]) {
  const found: Record<string, { id: string; state: SignatureRequest["state"] }> = {};
  if (!documentIds.length) return found;
  const rows = await db
    .select({ id: signatureRequests.id, documentId: learnerDocuments.id, state: signatureRequests.state })
    .from(learnerDocuments)
    .innerJoin(signatureRequests, eq(signatureRequests.documentSha256, learnerDocuments.contentHash))
    .where(inArray(learnerDocuments.id, documentIds))
    .orderBy(desc(signatureRequests.createdAt));
  for (const row of rows) found[row.documentId] ??= { id: row.id, state: row.state };
  return found;
}
