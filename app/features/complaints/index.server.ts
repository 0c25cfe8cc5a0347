// The complaints feature's server-only face for the routes and other features: they import from here, never
// from its files (docs/architecture.md).

export { complaintAction, complaintsPage, getComplaint, NO_COMPLAINTS } from "./console-complaints.server";
export { anonymiseExpiredComplaints } from "./erasure.server";
export { complaintSessionChoices, receiveComplaintForm, storeComplaint } from "./intake.server";
export { COMPLAINTS_REGISTER_COLUMNS, complaintsRegisterCsv } from "./register.server";
export { type ComplaintImprovements, complaintsRegisterPdf } from "./register-pdf.server";
