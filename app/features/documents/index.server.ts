// The documents feature's server-only face for the routes and other features: they import from here, never
// from its files (docs/architecture.md).
export { DOCUMENT_INTENTS, DOCUMENT_UPLOAD, documentIntent } from "./console-documents.server";
export { previewDocument } from "./generation.server";
export { receiveSignedCopy, type SessionGaps, sessionGaps } from "./life.server";
export { UNKNOWN_LEARNER } from "./records.server";
export {
  type DocumentSummary,
  documentFile,
  documentsOf,
  hoursOf,
  internalRulesMissing,
  type LearnerHours,
  signedCopyFile,
} from "./storage.server";
