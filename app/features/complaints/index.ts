// The complaints feature's browser-safe face for other features: they import from here, never from its files
// (docs/architecture.md). Routes may import any of its files directly.

export { type ComplaintInput, complaintSchema } from "./complaint-schema";
export {
  COMPLAINT_CATEGORIES,
  COMPLAINT_ERRORS,
  COMPLAINT_LIMITS,
  COMPLAINT_RECEIVED_TITLE,
  complaintReceivedText,
} from "./content";
export * from "./statuses";
