// The documents feature's server-only face for other features: they import from here, never from its files
// (docs/architecture.md). Routes may import any of its files directly.
export { DOCUMENT_INTENTS, DOCUMENT_UPLOAD, documentIntent } from "./console-documents.server";
export { receiveSignedCopy, type SessionGaps, sessionGaps } from "./life.server";
export {
  type DocumentSummary,
  documentFile,
  documentsOf,
  hoursOf,
  internalRulesMissing,
  type LearnerHours,
  signedCopyFile,
} from "./storage.server";
