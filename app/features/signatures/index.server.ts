// The signatures feature's server-only face for other features (the personal space lists a person's
// pending signatures): they import from here, never from its files (docs/architecture.md).
export {
  isPendingSignerEmail,
  learnerDocumentsToSign,
  type NamedSigner,
  type PendingSignature,
  pendingSignaturesFor,
  provideSignerInvitation,
  type SignerSignature,
  signaturesOfDocuments,
  signaturesOfSigner,
  signingPath,
} from "./requests.server";
