/**
 * Draft invoices and credit notes as the console posts them: the purpose, the payer, the learner, a
 * deposit's percentage or amount, the service period, a note, and lines as rows `lines.N.label`,
 * `lines.N.description`, `lines.N.quantity` ('3,5'), `lines.N.unitCode`, `lines.N.unitPrice`
 * ('1 234,50', '-150' for a discount), `lines.N.deductedInvoiceId`. Numbers are read exactly into
 * integers; each refusal in French on the field it concerns ('lines.2.unitPrice').
 */
import { z } from "zod";
import { isCalendarDay } from "~/platform/dates";
import { entityId, REQUIRED } from "~/platform/form-schema";
import { parseEurosToCents } from "~/platform/money";
import { singleLine } from "~/platform/text-fields";
import { indexedRows, parseHundredths, parseSignedEurosToCents } from "./billing-fields";
import { INVOICE_PURPOSES, type InvoicePurpose } from "./vocabulary";

/** UN/ECE rec. 20 units a line may count in. */
export const LINE_UNIT_CODES = ["HUR", "C62", "DAY"] as const;
export type LineUnitCode = (typeof LINE_UNIT_CODES)[number];

export const LINE_UNIT_LABELS: Record<LineUnitCode, string> = {
  HUR: "heure",
  C62: "unité",
  DAY: "jour",
};

/** A line as a caller gives it; its net amount is computed by the server (quantity × unit price, to the cent). */
export interface DraftLineInput {
  label: string;
  description?: string;
  /** Hundredths: 350 is 3,5. */
  quantityHundredths: number;
  /** 'C62' (a unit) unless told. */
  unitCode?: LineUnitCode;
  /** Excluding VAT; negative for a discount or a deducted deposit. */
  unitPriceCents: number;
  /** The issued deposit this (negative) line deducts. */
  deductedInvoiceId?: string | null;
}

/** What to draft. A deposit is a percentage (basis points: 3 000 is 30 %) or an amount of the payer's share. */
export type DraftRequest =
  | {
      purpose: "deposit";
      learnerId: string;
      payerId: string;
      percentBasisPoints?: number;
      amountCents?: number;
      note?: string;
    }
  | { purpose: "final" | "attended"; learnerId: string; payerId: string; note?: string }
  | {
      purpose: "custom";
      payerId: string;
      /** The learner billed for, if any: then the service period defaults to their session's dates. */
      learnerId?: string | null;
      lines: DraftLineInput[];
      serviceStart?: string;
      serviceEnd?: string;
      note?: string;
    };

/** What a draft's editing may change; what is left out stays. */
export interface DraftChanges {
  payerId?: string;
  note?: string;
  serviceStart?: string;
  serviceEnd?: string;
  engagementNumber?: string | null;
  lines?: DraftLineInput[];
}

/**
 * Nothing: the whole invoice (a copy of its lines). `amountCents`: one line of that amount excluding
 * VAT. `lines`: the lines given.
 */
export interface CreditNoteRequest {
  amountCents?: number;
  lines?: DraftLineInput[];
  note?: string;
}

export const INVOICE_ERRORS = {
  purpose: "Choisissez le type de facture",
  payer: "Choisissez un financeur",
  learner: "Choisissez un ou une stagiaire",
  invoice: "Facture inconnue.",
  deposit: "Indiquez un pourcentage ou un montant d'acompte",
  depositBoth: "Indiquez un pourcentage ou un montant, pas les deux",
  percent: "Indiquez un pourcentage de 0,01 à 100",
  amount: "Indiquez un montant en euros supérieur à 0, par exemple 1 234,50",
  date: "Date invalide",
  quantity: "Indiquez une quantité supérieure à 0, par exemple 1 ou 3,5",
  unitCode: "Choisissez une unité",
  unitPrice: "Indiquez un prix en euros, par exemple 1 234,50 (ou -150 pour une remise)",
  lines: "Ajoutez au moins une ligne",
  tooMany: "Une facture compte 100 lignes au plus",
  mode: "Choisissez un avoir total ou partiel",
} as const;

export const MAX_LINES = 100;
const LABEL_MAX = 200;
const DESCRIPTION_MAX = 500;
const NOTE_MAX = 2000;

type Issue = (field: string, message: string) => void;
type Fields = Record<string, string>;

const text = (value: string | undefined) => String(singleLine(value ?? ""));

/** A bounded single line, or null after reporting it (REQUIRED when blank and `required`). */
function line(fields: Fields, name: string, max: number, required: boolean, report: Issue): string | null {
  const value = text(fields[name]);
  if (required && !value) report(name, REQUIRED);
  else if (value.length > max) report(name, `${max} caractères maximum`);
  else return value;
  return null;
}

function id(fields: Fields, name: string, message: string, report: Issue): string | null {
  const parsed = entityId.safeParse(fields[name] ?? "");
  if (parsed.success) return parsed.data;
  report(name, message);
  return null;
}

/** An optional day ('' is none). */
function day(fields: Fields, name: string, report: Issue): string | undefined {
  const value = (fields[name] ?? "").trim();
  if (value === "") return undefined;
  if (!isCalendarDay(value)) report(name, INVOICE_ERRORS.date);
  return value;
}

function note(fields: Fields, report: Issue): string {
  const value = (fields.note ?? "").replace(/\r\n?/g, "\n").trim();
  if (value.length > NOTE_MAX) report("note", `${NOTE_MAX} caractères maximum`);
  return value;
}

/** The posted lines (undefined when the form posts none at all), each field checked. */
function lines(fields: Fields, report: Issue): DraftLineInput[] | undefined {
  if (!Object.keys(fields).some((name) => name.startsWith("lines."))) return undefined;
  const rows = indexedRows(fields, "lines");
  if (!rows.length) report("lines", INVOICE_ERRORS.lines);
  if (rows.length > MAX_LINES) report("lines", INVOICE_ERRORS.tooMany);
  const out: DraftLineInput[] = [];
  for (const { n, fields: row } of rows) {
    const at = (field: string) => `lines.${n}.${field}`;
    const local: Issue = (field, message) => report(at(field), message);
    const label = line(row, "label", LABEL_MAX, true, local);
    const description = line(row, "description", DESCRIPTION_MAX, false, local);
    const quantityHundredths = parseHundredths(row.quantity?.trim() || "1");
    if (!quantityHundredths) report(at("quantity"), INVOICE_ERRORS.quantity);
    const unit = (row.unitCode ?? "").trim() || "C62";
    const unitCode = (LINE_UNIT_CODES as readonly string[]).includes(unit) ? (unit as LineUnitCode) : null;
    if (!unitCode) report(at("unitCode"), INVOICE_ERRORS.unitCode);
    const unitPriceCents = parseSignedEurosToCents(row.unitPrice ?? "");
    if (unitPriceCents === null) report(at("unitPrice"), INVOICE_ERRORS.unitPrice);
    const deducted = (row.deductedInvoiceId ?? "").trim();
    const deductedInvoiceId = deducted ? id(row, "deductedInvoiceId", INVOICE_ERRORS.invoice, local) : null;
    if (label !== null && description !== null && quantityHundredths && unitCode && unitPriceCents !== null) {
      out.push({ label, description, quantityHundredths, unitCode, unitPriceCents, deductedInvoiceId });
    }
  }
  return out;
}

/** A percentage typed '30' or '33,33', in basis points. */
function percent(value: string, report: Issue): number | null {
  const basisPoints = parseHundredths(value, 3);
  if (basisPoints === null || basisPoints <= 0 || basisPoints > 10_000) {
    report("depositPercent", INVOICE_ERRORS.percent);
    return null;
  }
  return basisPoints;
}

function amount(fields: Fields, name: string, report: Issue): number | null {
  const cents = parseEurosToCents(fields[name] ?? "");
  if (cents === null || cents === 0) {
    report(name, INVOICE_ERRORS.amount);
    return null;
  }
  return cents;
}

/** 'Nouvelle facture': what to draft, for which payer and learner. */
export const draftCreateSchema = z.record(z.string(), z.string()).transform((fields, ctx): DraftRequest => {
  const report: Issue = (field, message) => ctx.addIssue({ code: "custom", path: [field], message });
  const purpose = (INVOICE_PURPOSES as readonly string[]).includes(fields.purpose ?? "")
    ? (fields.purpose as InvoicePurpose)
    : null;
  if (!purpose) report("purpose", INVOICE_ERRORS.purpose);
  const payerId = id(fields, "payerId", INVOICE_ERRORS.payer, report);
  const learnerGiven = (fields.learnerId ?? "").trim() !== "";
  const learnerId =
    learnerGiven || purpose !== "custom" ? id(fields, "learnerId", INVOICE_ERRORS.learner, report) : null;
  const written = note(fields, report);
  if (!purpose || !payerId || (purpose !== "custom" && !learnerId)) return z.NEVER;
  if (purpose === "custom") {
    const posted = lines(fields, report);
    if (!posted) report("lines", INVOICE_ERRORS.lines);
    const serviceStart = day(fields, "serviceStart", report);
    const serviceEnd = day(fields, "serviceEnd", report);
    return { purpose, payerId, learnerId, lines: posted ?? [], serviceStart, serviceEnd, note: written };
  }
  const base = { payerId, learnerId: learnerId as string, note: written };
  if (purpose !== "deposit") return { purpose, ...base };
  const percentText = (fields.depositPercent ?? "").trim();
  const amountText = (fields.depositAmount ?? "").trim();
  if (!percentText && !amountText) report("depositPercent", INVOICE_ERRORS.deposit);
  if (percentText && amountText) report("depositAmount", INVOICE_ERRORS.depositBoth);
  if (amountText) {
    const cents = amount(fields, "depositAmount", report);
    return cents === null ? z.NEVER : { purpose, ...base, amountCents: cents };
  }
  const basisPoints = percentText ? percent(percentText, report) : null;
  return basisPoints === null ? z.NEVER : { purpose, ...base, percentBasisPoints: basisPoints };
});

/** A draft's editing: `id` and whatever the form posts (lines only when it posts some). */
export const draftUpdateSchema = z
  .record(z.string(), z.string())
  .transform((fields, ctx): { id: string; changes: DraftChanges } => {
    const report: Issue = (field, message) => ctx.addIssue({ code: "custom", path: [field], message });
    const invoiceId = id(fields, "id", INVOICE_ERRORS.invoice, report);
    const changes: DraftChanges = {};
    if ("payerId" in fields)
      changes.payerId = id(fields, "payerId", INVOICE_ERRORS.payer, report) ?? undefined;
    if ("note" in fields) changes.note = note(fields, report);
    if ("serviceStart" in fields) changes.serviceStart = day(fields, "serviceStart", report);
    if ("serviceEnd" in fields) changes.serviceEnd = day(fields, "serviceEnd", report);
    if ("engagementNumber" in fields) {
      changes.engagementNumber = line(fields, "engagementNumber", 50, false, report) || null;
    }
    const posted = lines(fields, report);
    if (posted) changes.lines = posted;
    return invoiceId ? { id: invoiceId, changes } : z.NEVER;
  });

/** 'Créer un avoir': `invoiceId`, `mode` total or partial, and a partial credit note's `amount`. */
export const creditNoteSchema = z
  .record(z.string(), z.string())
  .transform((fields, ctx): { invoiceId: string; request: CreditNoteRequest } => {
    const report: Issue = (field, message) => ctx.addIssue({ code: "custom", path: [field], message });
    const invoiceId = id(fields, "invoiceId", INVOICE_ERRORS.invoice, report);
    const mode = fields.mode ?? "total";
    if (mode !== "total" && mode !== "partial") report("mode", INVOICE_ERRORS.mode);
    const written = note(fields, report);
    const cents = mode === "partial" ? amount(fields, "amount", report) : null;
    if (!invoiceId || (mode === "partial" && cents === null)) return z.NEVER;
    return { invoiceId, request: cents === null ? { note: written } : { amountCents: cents, note: written } };
  });
