// The signatures feature's server-only face for the routes and other features (the personal space lists a
// person's pending signatures): they import from here, never from its files (docs/architecture.md).

export {
  SIGNATURE_INTENTS,
  SIGNATURE_PAGE_INTENTS,
  signatureIntent,
  signaturePageAction,
} from "./console-signatures.server";
export { evidenceTime } from "./evidence-pdf.server";
export {
  isPendingSignerEmail,
  learnerDocumentsToSign,
  type NamedSigner,
  type PendingSignature,
  pendingSignaturesFor,
  provideSignerInvitation,
  requestFile,
  requestView,
  type SignerSignature,
  signAsSigner,
  signaturesOfDocuments,
  signaturesOfSigner,
  signerFile,
  signerView,
  signingPath,
} from "./requests.server";
export {
  readSignatureSettings,
  SIGNATURE_SETTINGS_INTENTS,
  signatureSettingsIntent,
} from "./settings.server";
