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
import { and, asc, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
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
import { SIGNATURE_ERRORS, VERIFY_MESSAGES } from "./vocabulary";

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The signing page of a request, as its e-mail links to it. */
export const signingPath = (requestId: string) => `/espace/signatures/${requestId}`;

/** Where the evidence comes from: the request's connection. */
export interface Device {
  ip: string | null;
  userAgent: string | null;
}

/** A signed-in account as the signature reads it: its e-mail counts only once verified. */
interface Signer {
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
async function lockedRequest(tx: Db, requestId: string) {
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
async function recordSignature(
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

/**
 * The signer of `requestId` that the signed-in account is: its verified e-mail equals the signer's
 * (any case), and the request is not cancelled. Null otherwise: the page then answers 404, whatever
 * the reason, so that an id alone tells nothing.
 */
async function ownSigner(db: Db, requestId: string, account: Signer) {
  const email = await verifiedEmailOf(db, account.id);
  if (!email) return null;
  const [row] = await db
    .select({ signerId: signatureSigners.id })
    .from(signatureSigners)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signatureSigners.requestId))
    .where(
      and(
        eq(signatureSigners.requestId, requestId),
        ne(signatureSigners.role, "centre"),
        sql`lower(${signatureSigners.email}) = lower(${email})`,
        ne(signatureRequests.state, "cancelled"),
      ),
    );
  return row ? { signerId: row.signerId, email } : null;
}

/**
 * What the signing page shows its signer; null: not theirs (404). The other signers are named with
 * their role and date only: their e-mail and evidence are the console's.
 */
export async function signerView(db: Db, requestId: string, account: Signer) {
  const own = await ownSigner(db, requestId, account);
  const view = own ? await requestView(db, requestId) : null;
  if (!own || !view) return null;
  const signers = view.signers.map(({ id, role, name, signedAt }) => ({ id, role, name, signedAt }));
  const me = signers.find((s) => s.id === own.signerId);
  if (!me) return null;
  const { id, fileName, state, documentSha256, createdAt, kind } = view.request;
  return { request: { id, fileName, state, documentSha256, createdAt, kind }, me, signers, email: own.email };
}

/** The PDF the signer is shown (the frozen one), or the signed one once complete; null: not theirs. */
export async function signerFile(db: Db, requestId: string, account: Signer) {
  if (!(await ownSigner(db, requestId, account))) return null;
  return requestFile(db, requestId, "latest");
}

/**
 * 'Signer' on the signing page: `unknown` when the account is not this request's signer (the page
 * answers 404 and nothing changes), else the signature recorded or a French refusal.
 */
export async function signAsSigner(
  app: AppRuntime,
  requestId: string,
  account: Signer,
  form: { accepted: boolean; shownSha256: string | null },
  device: Device,
): Promise<SignOutcome> {
  const own = await ownSigner(app.db, requestId, account);
  if (!own) return { state: "unknown" };
  if (!form.accepted) return { state: "refused", error: SIGNATURE_ERRORS.notAccepted };
  return app.db.transaction(async (tx) => {
    const locked = await lockedRequest(tx, requestId);
    const signer = locked?.signers.find((s) => s.id === own.signerId);
    if (!locked || !signer) return { state: "unknown" } as const;
    return recordSignature(tx, locked.request, locked.signers, signer, {
      actor: { id: account.id, email: own.email },
      device,
      shownSha256: form.shownSha256,
    });
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

/** A signature waiting for someone, as their personal space lists it. */
export interface PendingSignature {
  requestId: string;
  role: SignerRole;
  fileName: string;
  kind: "convention" | "contrat";
  requestedAt: Date;
  /** The signing page (/espace/signatures/<id>). */
  path: string;
}

/**
 * The signatures `email` still has to give (any case): requests en cours where that address is an
 * outside signer who has not signed. For the personal space ('Mes signatures'): the caller must pass
 * the signed-in account's VERIFIED e-mail only.
 */
export async function pendingSignaturesFor(db: Db, email: string): Promise<PendingSignature[]> {
  const rows = await db
    .select({
      requestId: signatureRequests.id,
      role: signatureSigners.role,
      fileName: signatureRequests.fileName,
      kind: learnerDocuments.kind,
      requestedAt: signatureRequests.createdAt,
    })
    .from(signatureSigners)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signatureSigners.requestId))
    .innerJoin(learnerDocuments, eq(learnerDocuments.id, signatureRequests.documentId))
    .where(
      and(
        sql`lower(${signatureSigners.email}) = lower(${email.trim()})`,
        ne(signatureSigners.role, "centre"),
        isNull(signatureSigners.signedAt),
        eq(signatureRequests.state, "pending"),
      ),
    )
    .orderBy(asc(signatureRequests.createdAt));
  return rows.map((r) => ({
    ...r,
    kind: r.kind === "contrat" ? "contrat" : "convention",
    path: signingPath(r.requestId),
  }));
}

/**
 * What a learner's personal space lists under 'Documents à signer': the requests en cours where the
 * learner signs as themselves (a contrat, whose signer is the learner's own address, which their
 * space's sign-in link verified). A convention is signed by the company's contact, in their space.
 */
export async function learnerDocumentsToSign(
  db: Db,
  learnerId: string,
): Promise<{ title: string; href: string }[]> {
  const [learner] = await db
    .select({ email: learners.email })
    .from(learners)
    .where(eq(learners.id, learnerId));
  if (!learner?.email) return [];
  const pending = await pendingSignaturesFor(db, learner.email);
  return pending
    .filter((p) => p.role === "learner")
    .map((p) => ({
      title: p.kind === "contrat" ? "Contrat de formation" : "Convention de formation",
      href: p.path,
    }));
}

/** Whether `email` (any case) is an outside signer of a request en cours who has not signed yet. */
export async function isPendingSignerEmail(db: Db, email: string): Promise<boolean> {
  return (await pendingSignaturesFor(db, email)).length > 0;
}

/** A signature asked of a person, en cours or given, as their personal space lists it. */
export interface SignerSignature {
  requestId: string;
  kind: "convention" | "contrat";
  state: SignatureRequest["state"];
  requestedAt: Date;
  /** When this person signed (null: still to sign). */
  signedAt: Date | null;
  /** The learner the document is about. */
  learnerName: string;
  /** The signing page (/espace/signatures/<id>). */
  path: string;
}

/**
 * The requests (en cours or signed, never cancelled) where the account `userId`, by its VERIFIED
 * e-mail, is the outside signer of `role`: what a company's space lists under its conventions. An
 * account whose address is not verified has none.
 */
export async function signaturesOfSigner(
  db: Db,
  userId: string,
  role: Exclude<SignerRole, "centre">,
): Promise<SignerSignature[]> {
  const email = await verifiedEmailOf(db, userId);
  if (!email) return [];
  const rows = await db
    .select({
      requestId: signatureRequests.id,
      kind: learnerDocuments.kind,
      state: signatureRequests.state,
      requestedAt: signatureRequests.createdAt,
      signedAt: signatureSigners.signedAt,
      firstName: learners.firstName,
      lastName: learners.lastName,
    })
    .from(signatureSigners)
    .innerJoin(signatureRequests, eq(signatureRequests.id, signatureSigners.requestId))
    .innerJoin(learnerDocuments, eq(learnerDocuments.id, signatureRequests.documentId))
    .innerJoin(learners, eq(learners.id, learnerDocuments.learnerId))
    .where(
      and(
        sql`lower(${signatureSigners.email}) = lower(${email})`,
        eq(signatureSigners.role, role),
        ne(signatureRequests.state, "cancelled"),
      ),
    )
    .orderBy(desc(signatureRequests.createdAt));
  return rows.map(({ firstName, lastName, kind, ...r }) => ({
    ...r,
    kind: kind === "contrat" ? "contrat" : "convention",
    learnerName: [firstName, lastName].filter(Boolean).join(" "),
    path: signingPath(r.requestId),
  }));
}
