/**
 * The tables whose changes reach open pages through /api/events, and the event that says so: one
 * list for the server that publishes, the pages that follow and the browser that parses the stream.
 */
export const LIVE_TABLES = [
  "contact_requests",
  "formations",
  "formation_sessions",
  "applications",
  "blog_posts",
  "testimonials",
  "centre_settings",
  "complaints",
  "media",
  "site_pages",
  "survey_invitations",
  // A learner signing on their phone shows at once on the slot's signing page (staff only).
  "attendance_entries",
  // Console only: the Financeurs register and Paramètres › Facturation.
  "payers",
  "billing_settings",
  // Console only: the Formateurs register (its trainers and their documents).
  "trainers",
  // A signed sheet prepared in the background: its progress, then its download, on the session's page.
  "attendance_sheets",
  // A signature given on the signing page shows on the request's console page; Paramètres › Signatures.
  "signature_requests",
  "signature_settings",
  // Console only: a Qualiopi evidence pack prepared in the background, its progress, then its download.
  "quality_packs",
  // Console only: the Qualiopi board's answers and its registers.
  "quality_settings",
  "improvement_actions",
  "watch_entries",
  "disability_partners",
] as const;
export type LiveTable = (typeof LIVE_TABLES)[number];

const OPS = ["insert", "update", "delete"] as const;

export interface ChangeEvent {
  table: LiveTable;
  op: (typeof OPS)[number];
}

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (values as readonly string[]).includes(value);

/** A change event read from text (a NOTIFY payload, an SSE message), or null if it is not one. */
export function parseChangeEvent(text: string): ChangeEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { table, op } = value as Record<string, unknown>;
  return isOneOf(LIVE_TABLES, table) && isOneOf(OPS, op) ? { table, op } : null;
}
