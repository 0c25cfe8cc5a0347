/**
 * What the billing forms share: rows posted as `prefix.N.field` (a plan's shares, an invoice's lines)
 * and numbers typed the French way ('3,5' hours, '33,33' %), read exactly into integers. A row's
 * error is reported on its own field name ('lines.2.unitPrice'), the key the form shows it under.
 */
import { parseEurosToCents } from "~/platform/money";

/** One row a form posted: its N (the key its fields' errors are reported under) and its fields. */
export interface PostedRow {
  n: number;
  fields: Record<string, string>;
}

/** The rows a form posts as `prefix.N.field`, ordered by N; a row whose fields are all blank is left out. */
export function indexedRows(fields: Record<string, string>, prefix: string): PostedRow[] {
  const rows = new Map<number, Record<string, string>>();
  const pattern = new RegExp(`^${prefix}\\.(\\d{1,3})\\.([A-Za-z]+)$`);
  for (const [name, value] of Object.entries(fields)) {
    const match = pattern.exec(name);
    if (!match) continue;
    const index = Number(match[1]);
    const row = rows.get(index) ?? {};
    row[match[2] as string] = value;
    rows.set(index, row);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([n, row]) => ({ n, fields: row }))
    .filter((row) => Object.values(row.fields).some((value) => value.trim() !== ""));
}

/**
 * A number with at most two decimals in hundredths: '3,5' → 350, '33,33' → 3 333, '7' → 700. Null
 * when it is not one, or when its whole part has more than `maxWholeDigits` digits.
 */
export function parseHundredths(text: string, maxWholeDigits = 6): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, "").replace(",", ".");
  const match = new RegExp(`^(\\d{1,${maxWholeDigits}})(?:\\.(\\d{1,2}))?$`).exec(compact);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** An amount typed with an optional minus sign ('-150,00' for a discount line), in cents. */
export function parseSignedEurosToCents(text: string): number | null {
  const trimmed = text.trim();
  const negative = /^[-\u2212]/.test(trimmed);
  const cents = parseEurosToCents(negative ? trimmed.slice(1) : trimmed);
  if (cents === null) return null;
  return negative ? -cents : cents;
}
