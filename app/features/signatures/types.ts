// The value lists of signature requests, for the browser (the schema's lists, without its tables).
export type SignatureRequestState = "pending" | "signed" | "cancelled";
export type SignerRole = "learner" | "company" | "centre";
