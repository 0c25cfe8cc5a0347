/** What the Journal d'activité shows and filters on, shared by its page and its query. */
export const AUDIT_PAGE_SIZE = 50;

/** The kinds of record the console audits (audit_log.entity). */
export const AUDIT_ENTITIES = [
  "formation",
  "formation_session",
  "blog_post",
  "testimonial",
  "contact_request",
  "application",
  "learner",
  "user",
  "centre_settings",
  "calendar_feed",
  "complaint",
  "media",
  "demo_data",
  "site_page",
  "questionnaire",
  "trainer",
  // Billing (features/billing/audit-record.server.ts lists them).
  "funding_plan",
  "invoice",
  "credit_note",
  "quote",
  "payment",
  "payer",
  "billing_settings",
  // Signatures (features/signatures/audit-record.server.ts).
  "signature_request",
  "signature_settings",
  // Personal spaces (features/spaces/audit-record.server.ts).
  "space_member",
  // Qualiopi (features/quality/audit-record.server.ts).
  "quality_pack",
  "requested_document",
  "improvement_action",
  "watch_entry",
  "disability_partner",
  "quality_settings",
  // Positionnement (features/positioning/audit-record.server.ts).
  "positioning",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
