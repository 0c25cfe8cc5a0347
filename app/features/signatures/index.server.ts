// The signatures feature's server-only face for other features (the personal space lists a person's
// pending signatures): they import from here, never from its files (docs/architecture.md).
export {
  learnerDocumentsToSign,
  type PendingSignature,
  pendingSignaturesFor,
  signaturesOfDocuments,
  signingPath,
} from "./requests.server";
