import { and, asc, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { learnerDocuments } from "~/features/documents/schema.server";
import { learners } from "~/features/learners/schema.server";
import type { Db } from "~/platform/db/client.server";
import type { AppRuntime } from "~/platform/runtime.server";
import { requestFile, requestView } from "./request-views.server";
import {
  type Device,
  lockedRequest,
  recordSignature,
  type Signer,
  type SignOutcome,
  signingPath,
  verifiedEmailOf,
} from "./requests.server";
import { type SignatureRequest, signatureRequests, signatureSigners } from "./schema.server";
import type { SignerRole } from "./types";
import { SIGNATURE_ERRORS } from "./vocabulary";

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
