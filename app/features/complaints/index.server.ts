// The complaints feature's server-only face for other features: they import from here, never from its files
// (docs/architecture.md). Routes may import any of its files directly.
export { anonymiseExpiredComplaints } from "./erasure.server";
export { storeComplaint } from "./intake.server";
export { COMPLAINTS_REGISTER_COLUMNS, complaintsRegisterCsv } from "./register.server";
export { type ComplaintImprovements, complaintsRegisterPdf } from "./register-pdf.server";
