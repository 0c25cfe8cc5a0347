// The complaints feature's browser-safe face for the routes and other features: they import from here, never
// from its files (docs/architecture.md).

export { COMPLAINT_FIELD_LABELS } from "./complaint-entity";
export { type ComplaintInput, complaintSchema } from "./complaint-schema";
export {
  COMPLAINT_CATEGORY_FIELD,
  COMPLAINT_DESCRIPTION_FIELD,
} from "./components/complaint-fields";
export {
  ComplaintReplyForm,
  ComplaintStatusForm,
  CorrectiveActionForm,
  EraseComplaintData,
} from "./components/complaint-forms";
export { RegisterDownload } from "./components/register-download";
export { complaintFiltersFrom, registerPeriodFrom } from "./console-schema";
export {
  AUTHOR_TYPES,
  authorTypeLabel,
  COMPLAINT_LIMITS,
  COMPLAINT_RECEIVED_TITLE,
  categoryLabel,
  complaintReceivedText,
  OTHER_SESSION,
} from "./content";
export { handlingDelay } from "./delay";
export * from "./statuses";
