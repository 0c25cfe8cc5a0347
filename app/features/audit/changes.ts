/**
 * What the Journal d'activité says changed in a record. The rule: a field's old and new values are
 * kept only when the field is listed here as shown (short, and never personal data); any other
 * field that changed is kept by name only ('Interlocuteur : modifié'). A person's name, e-mail,
 * phone, a testimonial's words, a candidate's answers or notes never reach the audit log, which
 * outlives the records it speaks of. Each feature lists its fields (registry.ts); the server writes
 * with these functions, the Journal reads with them.
 */

import { NNBSP, quoted } from "~/platform/french";
import { auditDescription } from "./registry";

/** One changed field; `from` and `to` only for fields whose values are shown. */
export interface AuditChange {
  field: string;
  from?: string;
  to?: string;
}

/** Never compared: what every save rewrites. */
// `publish`: the formation form's 'Publier' button, an instruction rather than a field.
const IGNORED = new Set(["id", "createdAt", "updatedAt", "publish"]);

/** The field's French label; the key itself for a field this list does not know yet. */
export function fieldLabel(entity: string, field: string): string {
  return auditDescription(entity)?.fields?.[field]?.[0] ?? field;
}

function shown(entity: string, field: string): boolean {
  return auditDescription(entity)?.fields?.[field]?.[1] ?? false;
}

const DECIMAL = /^-?\d+\.\d+$/;

/** One value as the Journal prints it: empty, oui/non, a list, or the text (80 characters at most). */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "vide";
  if (typeof value === "boolean") return value ? "oui" : "non";
  if (Array.isArray(value)) return value.length ? value.map(formatAuditValue).join(", ") : "vide";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  // A decimal as the database returns it ('1490.00'), as the form typed it.
  if (typeof value === "string" && DECIMAL.test(value)) return String(Number(value));
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** Two values are the same when they print the same way, '1200.00' and 1200 included. */
function canonical(value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  if (Array.isArray(value) && value.length === 0) return "";
  if (typeof value === "number") return String(value);
  if (typeof value === "string" && DECIMAL.test(value)) return String(Number(value));
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** The fields of `after` whose value differs from `before`, values kept only where shown. */
export function diffFields(entity: string, before: object, after: object): AuditChange[] {
  const out: AuditChange[] = [];
  const old = before as Record<string, unknown>;
  for (const [field, value] of Object.entries(after)) {
    if (IGNORED.has(field) || canonical(old[field]) === canonical(value)) continue;
    out.push(
      shown(entity, field)
        ? { field, from: formatAuditValue(old[field]), to: formatAuditValue(value) }
        : { field },
    );
  }
  return out;
}

const valueText = (entity: string, field: string, value: string) =>
  auditDescription(entity)?.values?.[field]?.[value] ?? value;

/** 'Titre : « A » → « B »', or 'Interlocuteur : modifié' for a field whose values are not kept. */
export function changeText(entity: string, change: AuditChange): string {
  const label = fieldLabel(entity, change.field);
  if (change.from === undefined || change.to === undefined) return `${label}${NNBSP}: modifié`;
  const [from, to] = [change.from, change.to].map((v) => quoted(valueText(entity, change.field, v)));
  return `${label}${NNBSP}: ${from} → ${to}`;
}

/**
 * The changes an entry recorded: the list written since the Journal named them, or the older
 * shapes (Paramètres' `{ field: { from, to } }`, a status or role `from`/`to`), filtered by the
 * same rule, so an old entry never shows a personal value either.
 */
export function entryChanges(entity: string, details: Record<string, unknown> | null): AuditChange[] {
  const raw = details?.changes;
  if (Array.isArray(raw)) {
    return raw.filter(
      (c): c is AuditChange => typeof c === "object" && c !== null && typeof c.field === "string",
    );
  }
  if (raw && typeof raw === "object") {
    return Object.entries(raw as Record<string, { from?: unknown; to?: unknown }>).map(([field, c]) =>
      shown(entity, field)
        ? { field, from: formatAuditValue(c?.from), to: formatAuditValue(c?.to) }
        : { field },
    );
  }
  // A status or role change before the Journal named fields: `{ from, to }` at the top.
  const field = entity === "user" ? "role" : "status";
  if (details && "to" in details && auditDescription(entity)?.fields?.[field]) {
    return [{ field, from: formatAuditValue(details.from), to: formatAuditValue(details.to) }];
  }
  return [];
}

/** A record's short reference: the first 8 characters of its identifier. */
export function shortRef(id: string): string {
  return id.slice(0, 8);
}
