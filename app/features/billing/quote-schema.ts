/**
 * A quote as the console posts it: the payer, the learner (optional: a company's group has none yet),
 * the title, the validity, a note, and lines as rows `lines.N.label`, `lines.N.quantity` ('3,5'),
 * `lines.N.unitCode`, `lines.N.unitPrice` ('1 234,50'). Numbers are read exactly into integers; each
 * refusal in French on the field it concerns ('lines.2.unitPrice'). A quote offers a price: its
 * lines are never negative (a discount is a lower price).
 */
import { z } from "zod";
import { isCalendarDay } from "~/platform/dates";
import { entityId, REQUIRED, searchQuery } from "~/platform/form-schema";
import { parseEurosToCents } from "~/platform/money";
import { multiLine, singleLine } from "~/platform/text-fields";
import { indexedRows, parseHundredths } from "./billing-fields";
import { INVOICE_ERRORS, LINE_UNIT_CODES, type LineUnitCode, MAX_LINES } from "./invoice-schema";
import { QUOTE_STATES, type QuoteState } from "./vocabulary";

export const QUOTE_ERRORS = {
  quote: "Devis inconnu.",
  title: "Indiquez l'objet du devis",
  validUntil: "Indiquez jusqu'à quand le devis est valable",
  unitPrice: "Indiquez un prix en euros, par exemple 1 234,50",
} as const;

const TITLE_MAX = 300;
const LABEL_MAX = 200;
const NOTE_MAX = 2000;

export interface QuoteLineForm {
  label: string;
  quantityHundredths: number;
  unitCode: LineUnitCode;
  unitPriceCents: number;
}

/** What the console's quote form says; the server adds the learner's session. */
export interface QuoteForm {
  /** The draft being edited; null for a new one. */
  id: string | null;
  payerId: string;
  learnerId: string | null;
  title: string;
  validUntil: string;
  note: string;
  lines: QuoteLineForm[];
}

type Issue = (field: string, message: string) => void;

export const quoteFormSchema = z.record(z.string(), z.string()).transform((fields, ctx): QuoteForm => {
  const report: Issue = (field, message) => ctx.addIssue({ code: "custom", path: [field], message });
  const optionalId = (name: string, message: string): string | null | undefined => {
    const value = (fields[name] ?? "").trim();
    if (!value) return null;
    const parsed = entityId.safeParse(value);
    if (!parsed.success) report(name, message);
    return parsed.success ? parsed.data : undefined;
  };
  const id = optionalId("id", QUOTE_ERRORS.quote);
  const payer = entityId.safeParse(fields.payerId ?? "");
  if (!payer.success) report("payerId", INVOICE_ERRORS.payer);
  const learnerId = optionalId("learnerId", INVOICE_ERRORS.learner);
  const title = String(singleLine(fields.title ?? ""));
  if (!title) report("title", QUOTE_ERRORS.title);
  else if (title.length > TITLE_MAX) report("title", `${TITLE_MAX} caractères maximum`);
  const validUntil = (fields.validUntil ?? "").trim();
  if (!validUntil) report("validUntil", QUOTE_ERRORS.validUntil);
  else if (!isCalendarDay(validUntil)) report("validUntil", INVOICE_ERRORS.date);
  const note = String(multiLine(fields.note ?? ""));
  if (note.length > NOTE_MAX) report("note", `${NOTE_MAX} caractères maximum`);

  const rows = indexedRows(fields, "lines");
  if (!rows.length) report("lines", INVOICE_ERRORS.lines);
  if (rows.length > MAX_LINES) report("lines", INVOICE_ERRORS.tooMany);
  const lines: QuoteLineForm[] = [];
  for (const { n, fields: row } of rows) {
    const at = (field: string) => `lines.${n}.${field}`;
    const label = String(singleLine(row.label ?? ""));
    if (!label) report(at("label"), REQUIRED);
    else if (label.length > LABEL_MAX) report(at("label"), `${LABEL_MAX} caractères maximum`);
    const quantityHundredths = parseHundredths(row.quantity?.trim() || "1");
    if (!quantityHundredths) report(at("quantity"), INVOICE_ERRORS.quantity);
    const unit = (row.unitCode ?? "").trim() || "C62";
    const unitCode = (LINE_UNIT_CODES as readonly string[]).includes(unit) ? (unit as LineUnitCode) : null;
    if (!unitCode) report(at("unitCode"), INVOICE_ERRORS.unitCode);
    const unitPriceCents = parseEurosToCents(row.unitPrice ?? "");
    if (unitPriceCents === null) report(at("unitPrice"), QUOTE_ERRORS.unitPrice);
    if (label && label.length <= LABEL_MAX && quantityHundredths && unitCode && unitPriceCents !== null) {
      lines.push({ label, quantityHundredths, unitCode, unitPriceCents });
    }
  }
  if (id === undefined || learnerId === undefined || !payer.success) return z.NEVER;
  return { id, payerId: payer.data, learnerId, title, validUntil, note, lines };
});

/** The Devis list's filters, read from the URL (?q=&statut=). */
export interface QuoteFilters {
  /** Inside the number, the title or the payer's name, ignoring case and accents. */
  q: string;
  state: QuoteState | null;
}

export function quoteFiltersFrom(params: URLSearchParams): QuoteFilters {
  const state = params.get("statut");
  return {
    q: searchQuery(params),
    state: QUOTE_STATES.includes(state as QuoteState) ? (state as QuoteState) : null,
  };
}
