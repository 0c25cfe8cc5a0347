// The signatures feature's server-only face for other features (the personal space lists a person's
// pending signatures): they import from here, never from its files (docs/architecture.md).
export { signaturesOfDocuments } from "./request-views.server";
export { type NamedSigner, provideSignerInvitation, signingPath } from "./requests.server";
export {
  isPendingSignerEmail,
  learnerDocumentsToSign,
  type PendingSignature,
  pendingSignaturesFor,
  type SignerSignature,
  signaturesOfSigner,
} from "./signer.server";
