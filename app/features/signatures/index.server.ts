// The signatures feature's server-only face for the routes and other features (the personal space lists a
// person's pending signatures): they import from here, never from its files (docs/architecture.md).

export {
  SIGNATURE_INTENTS,
  SIGNATURE_PAGE_INTENTS,
  signatureIntent,
  signaturePageAction,
} from "./console-signatures.server";
export { evidenceTime } from "./evidence-pdf.server";
export { requestFile, requestView, signaturesOfDocuments } from "./request-views.server";
export { type NamedSigner, provideSignerInvitation, signingPath } from "./requests.server";
export {
  readSignatureSettings,
  SIGNATURE_SETTINGS_INTENTS,
  signatureSettingsIntent,
} from "./settings.server";
export {
  isPendingSignerEmail,
  learnerDocumentsToSign,
  type PendingSignature,
  pendingSignaturesFor,
  type SignerSignature,
  signAsSigner,
  signaturesOfSigner,
  signerFile,
  signerView,
} from "./signer.server";
