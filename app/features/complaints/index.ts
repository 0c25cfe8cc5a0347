// The complaints feature's browser-safe face for other features: they import from here, never from its files
// (docs/architecture.md). Routes may import any of its files directly.

export { type ComplaintInput, complaintSchema } from "./complaint-schema";
export {
  COMPLAINT_CATEGORY_FIELD,
  COMPLAINT_DESCRIPTION_FIELD,
} from "./components/complaint-fields";
export { COMPLAINT_LIMITS, COMPLAINT_RECEIVED_TITLE, complaintReceivedText } from "./content";
export * from "./statuses";
