/**
 * Demandes de signature: a convention or a contrat signed online (simple electronic signature,
 * eIDAS art. 25). Staff ask for it on the learner's file: the kept PDF is frozen with its SHA-256,
 * the signers are named (a convention: the company's or payer's contact and the centre; a contrat:
 * the learner and the centre) and each outside signer receives a link to /espace/signatures/<id>.
 * A signer signs while signed in with the verified e-mail the request names; the centre signs in the
 * console (signatures:sign). Each signature keeps its evidence; the last one writes the signed PDF
 * (the frozen PDF and an evidence page) and hands it to the documents' signed-copy path, so the
 * learner's file reads 'Signée'. A signed request never changes again (a trigger refuses it).
 */
import { createHash } from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import { users } from "~/features/accounts/schema.server";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { receiveSignedCopy } from "~/features/documents/index.server";
import { learnerDocuments, SIGNED_KINDS } from "~/features/documents/schema.server";
import { learnerTitleOf } from "~/features/learners/index.server";
import { learners } from "~/features/learners/schema.server";
import { getCentreSettings } from "~/features/settings/index.server";
import { AdminInputError } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { enqueueMail } from "~/platform/mail/queue.server";
import type { AppRuntime } from "~/platform/runtime.server";
import { signedPdf } from "./evidence-pdf.server";
import { signatureRequestMail } from "./mails.server";
import {
  type SignatureRequest,
  type SignatureSigner,
  signatureRequests,
  signatureSigners,
} from "./schema.server";
import type { SignerRole } from "./types";
import { SIGNATURE_ERRORS } from "./vocabulary";

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The signing page of a request, as its e-mail links to it. */
export const signingPath = (requestId: string) => `/espace/signatures/${requestId}`;

/** Where the evidence comes from: the request's connection. */
export interface Device {
  ip: string | null;
  userAgent: string | null;
}

/** A signed-in account as the signature reads it: its e-mail counts only once verified. */
export interface Signer {
  id: string;
  email: string;
}

/** The account's e-mail if it is verified, read from the accounts' table (never from the session alone). */
export async function verifiedEmailOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email, verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  return row?.verified ? row.email : null;
}

const KIND_NAMES = { convention: "la convention de formation", contrat: "le contrat de formation" } as const;
const isAgreement = (kind: string): kind is keyof typeof KIND_NAMES =>
  (SIGNED_KINDS as readonly string[]).includes(kind);

/** An outside signer a new request names: whom the request's e-mail goes to. */
export interface NamedSigner {
  email: string;
  name: string;
  role: Exclude<SignerRole, "centre">;
  /** The learner whose document it is. */
  learnerId: string;
}

/**
 * Who opens the door to a signer the request names (an account for their address, the payer's space
 * when they are its contact): nothing here. The personal spaces answer it, wired at boot with
 * `provideSignerInvitation` (a lower feature is told, not called). Runs in the request's transaction.
 */
type SignerInvitation = (tx: Db, actor: Actor, signer: NamedSigner) => Promise<void>;
let inviteSigner: SignerInvitation = async () => {};

export function provideSignerInvitation(provider: SignerInvitation): void {
  inviteSigner = provider;
}

/**
 * 'Demander la signature' on a kept convention or contrat: freezes its PDF, names the signers, queues
 * each outside signer's e-mail with the link, and writes the Journal's entry, in one transaction.
 * Answers the request's id.
 */
export async function requestSignature(app: AppRuntime, actor: Actor, documentId: string): Promise<string> {
  const centre = await getCentreSettings(app.db);
  const id = await app.db.transaction(async (tx) => {
    const [doc] = await tx
      .select({
        id: learnerDocuments.id,
        learnerId: learnerDocuments.learnerId,
        kind: learnerDocuments.kind,
        fileName: learnerDocuments.fileName,
        pdf: learnerDocuments.pdf,
        signedAt: learnerDocuments.signedAt,
        archivedAt: learnerDocuments.archivedAt,
        firstName: learners.firstName,
        lastName: learners.lastName,
        email: learners.email,
        payerName: learners.payerName,
        payerContactName: learners.payerContactName,
        payerContactEmail: learners.payerContactEmail,
      })
      .from(learnerDocuments)
      .innerJoin(learners, eq(learners.id, learnerDocuments.learnerId))
      .where(eq(learnerDocuments.id, documentId))
      .for("update", { of: learnerDocuments });
    if (!doc) throw new AdminInputError(SIGNATURE_ERRORS.unknownDocument);
    if (!isAgreement(doc.kind)) throw new AdminInputError(SIGNATURE_ERRORS.notAgreement);
    if (doc.archivedAt) throw new AdminInputError(SIGNATURE_ERRORS.archived);
    if (doc.signedAt) throw new AdminInputError(SIGNATURE_ERRORS.alreadySigned);
    const outside =
      doc.kind === "convention"
        ? {
            role: "company" as const,
            name: doc.payerContactName?.trim() || doc.payerName?.trim() || "",
            email: doc.payerContactEmail?.trim() ?? "",
            missing: SIGNATURE_ERRORS.noCompanyEmail,
          }
        : {
            role: "learner" as const,
            name: [doc.firstName, doc.lastName].filter(Boolean).join(" "),
            email: doc.email?.trim() ?? "",
            missing: SIGNATURE_ERRORS.noLearnerEmail,
          };
    if (!outside.email || !outside.name) throw new AdminInputError(outside.missing);
    const [request] = await tx
      .insert(signatureRequests)
      .values({
        documentId: doc.id,
        frozenPdf: doc.pdf,
        documentSha256: sha256(doc.pdf),
        fileName: doc.fileName,
        createdBy: actor.id,
      })
      .onConflictDoNothing()
      .returning({ id: signatureRequests.id });
    if (!request) throw new AdminInputError(SIGNATURE_ERRORS.alreadyRequested);
    await tx.insert(signatureSigners).values([
      { requestId: request.id, role: outside.role, name: outside.name, email: outside.email, position: 1 },
      {
        requestId: request.id,
        role: "centre",
        name: centre.signatoryName.trim() || centre.name,
        email: null,
        position: 2,
      },
    ]);
    await inviteSigner(tx, actor, {
      email: outside.email,
      name: outside.name,
      role: outside.role,
      learnerId: doc.learnerId,
    });
    await enqueueMail(tx, [
      {
        kind: "signature_request",
        to: outside.email,
        replyTo: centre.email.trim() || null,
        learnerDocumentId: doc.id,
        ...signatureRequestMail(centre, {
          name: outside.name,
          document: KIND_NAMES[doc.kind],
          url: `${app.config.publicUrl}${signingPath(request.id)}`,
          reminder: false,
        }),
      },
    ]);
    await writeAudit(tx, actor, {
      action: "create",
      entity: "signature_request",
      entityId: request.id,
      details: { title: await requestTitle(tx, doc.learnerId, doc.kind), document: doc.kind },
    });
    return request.id;
  });
  app.mail.wake();
  return id;
}

/** How the Journal names a request: the document and the learner's session reference, never a name. */
async function requestTitle(db: Db, learnerId: string, kind: string) {
  const what = kind === "contrat" ? "Contrat de formation" : "Convention de formation";
  return `${what} · ${await learnerTitleOf(db, learnerId)}`;
}

/** The Journal's title of a stored request (its file's name if its document is gone). */
async function storedRequestTitle(db: Db, request: SignatureRequest) {
  const [doc] = await db
    .select({ learnerId: learnerDocuments.learnerId, kind: learnerDocuments.kind })
    .from(learnerDocuments)
    .where(eq(learnerDocuments.id, request.documentId));
  return doc ? requestTitle(db, doc.learnerId, doc.kind) : request.fileName;
}

/** The request and its signers, the request locked for a change. */
export async function lockedRequest(tx: Db, requestId: string) {
  const [request] = await tx
    .select()
    .from(signatureRequests)
    .where(eq(signatureRequests.id, requestId))
    .for("update");
  if (!request) return null;
  const signers = await tx
    .select()
    .from(signatureSigners)
    .where(eq(signatureSigners.requestId, requestId))
    .orderBy(asc(signatureSigners.position));
  return { request, signers };
}

/** What the signature answers: signed (and whether the request is now complete), or a French refusal. */
export type SignOutcome =
  | { state: "signed"; complete: boolean }
  | { state: "refused"; error: string }
  | { state: "unknown" };

/**
 * Records one signature's evidence and, when it was the last one, completes the request. The SHA-256
 * is recomputed from the frozen file: when it differs from the one recorded at the request (or from the
 * one the page showed), nothing is signed.
 */
export async function recordSignature(
  tx: Db,
  request: SignatureRequest,
  signers: SignatureSigner[],
  signer: SignatureSigner,
  evidence: { actor: Actor; device: Device; shownSha256: string | null },
): Promise<SignOutcome> {
  if (request.state !== "pending") return { state: "refused", error: SIGNATURE_ERRORS.notPending };
  if (signer.signedAt) {
    return {
      state: "refused",
      error: signer.role === "centre" ? SIGNATURE_ERRORS.centreSigned : SIGNATURE_ERRORS.notPending,
    };
  }
  const presented = sha256(request.frozenPdf);
  if (presented !== request.documentSha256 || (evidence.shownSha256 && evidence.shownSha256 !== presented)) {
    return { state: "refused", error: SIGNATURE_ERRORS.changed };
  }
  const signedAt = new Date();
  const [signed] = await tx
    .update(signatureSigners)
    .set({
      signedAt,
      userId: evidence.actor.id,
      verifiedEmail: evidence.actor.email,
      ip: evidence.device.ip?.slice(0, 100) ?? null,
      userAgent: evidence.device.userAgent?.slice(0, 300) ?? null,
      documentSha256: presented,
    })
    .where(and(eq(signatureSigners.id, signer.id), isNull(signatureSigners.signedAt)))
    .returning();
  if (!signed) return { state: "refused", error: SIGNATURE_ERRORS.notPending };
  await writeAudit(tx, evidence.actor, {
    action: "sign",
    entity: "signature_request",
    entityId: request.id,
    details: { title: await storedRequestTitle(tx, request), role: signer.role, sha256: presented },
  });
  const all = signers.map((s) => (s.id === signed.id ? signed : s));
  if (all.some((s) => !s.signedAt)) return { state: "signed", complete: false };
  await complete(tx, request, all, evidence.actor);
  return { state: "signed", complete: true };
}

/**
 * Every signer signed: the signed PDF (the frozen one and the evidence page) is kept with its
 * SHA-256, the request reads 'Signée', and the documents feature receives it as the signed copy.
 */
async function complete(tx: Db, request: SignatureRequest, signers: SignatureSigner[], actor: Actor) {
  const centre = await getCentreSettings(tx);
  const pdf = await signedPdf(request.frozenPdf, {
    centreName: centre.name,
    requestId: request.id,
    fileName: request.fileName,
    documentSha256: request.documentSha256,
    signers: signers.map((s) => ({
      role: s.role,
      name: s.name,
      signedAt: s.signedAt ?? new Date(),
      verifiedEmail: s.verifiedEmail ?? "",
      userId: s.userId,
      ip: s.ip,
      userAgent: s.userAgent,
      documentSha256: s.documentSha256 ?? "",
    })),
  });
  await tx
    .update(signatureRequests)
    .set({ state: "signed", completedAt: new Date(), signedPdf: pdf, signedSha256: sha256(pdf) })
    .where(eq(signatureRequests.id, request.id));
  await receiveSignedCopy(tx, actor, request.documentId, {
    fileName: `${request.fileName.replace(/\.pdf$/i, "")}-signe.pdf`,
    contentType: "application/pdf",
    content: pdf,
  });
}

/** 'Signer pour le centre' in the console: the staff member's verified e-mail is the evidence's. */
export async function signForCentre(app: AppRuntime, actor: Actor, requestId: string, device: Device) {
  const email = await verifiedEmailOf(app.db, actor.id);
  if (!email) throw new AdminInputError(SIGNATURE_ERRORS.unverified);
  const outcome = await app.db.transaction(async (tx) => {
    const locked = await lockedRequest(tx, requestId);
    if (!locked) throw new AdminInputError(SIGNATURE_ERRORS.unknownRequest);
    const centre = locked.signers.find((s) => s.role === "centre");
    if (!centre) throw new AdminInputError(SIGNATURE_ERRORS.unknownRequest);
    return recordSignature(tx, locked.request, locked.signers, centre, {
      actor: { id: actor.id, email },
      device,
      shownSha256: null,
    });
  });
  if (outcome.state === "refused") throw new AdminInputError(outcome.error);
  return outcome.state === "signed" && outcome.complete
    ? "Document signé par tous les signataires"
    : undefined;
}

/** 'Annuler la demande': only while it is en cours; its link then leads nowhere. */
export async function cancelRequest(app: AppRuntime, actor: Actor, requestId: string) {
  await app.db.transaction(async (tx) => {
    const locked = await lockedRequest(tx, requestId);
    if (!locked) throw new AdminInputError(SIGNATURE_ERRORS.unknownRequest);
    if (locked.request.state !== "pending") throw new AdminInputError(SIGNATURE_ERRORS.notPending);
    await tx
      .update(signatureRequests)
      .set({ state: "cancelled", cancelledAt: new Date(), cancelledBy: actor.id })
      .where(eq(signatureRequests.id, requestId));
    await writeAudit(tx, actor, {
      action: "cancel",
      entity: "signature_request",
      entityId: requestId,
      details: { title: await storedRequestTitle(tx, locked.request) },
    });
  });
}
