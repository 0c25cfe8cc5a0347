/**
 * Draft invoices: made from a learner's funding plan for one of its payers (a deposit, the final
 * invoice that deducts the deposits, the hours attended), or written line by line (new-draft.server.ts
 * computes their lines; here they are stored, changed and deleted). A draft has no
 * number and changes freely; once issued (issue.server.ts) it is frozen, and every function here
 * refuses it in French before the database's trigger would. Every change is audited in its
 * transaction.
 */
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { diffFields, shortRef } from "~/features/audit";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { getCentreSettings } from "~/features/settings/index.server";
import { AdminInputError } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { formatCents } from "~/platform/money";
import { readBillingSettings } from "./billing-settings.server";
import { LEARNER_GONE, PAYER_GONE } from "./funding-plans.server";
import type { DraftChanges, DraftLineInput } from "./invoice-schema";
import { MAX_LINES } from "./invoice-schema";
import { invoiceTotals, lineNetCents, vatRateOf } from "./invoice-totals";
import { type LearnerContext, learnerContext } from "./learner-context.server";
import { buyerOfPayer } from "./parties.server";
import { type Invoice, type InvoiceLine, invoiceLines, invoices, type Payer, payers } from "./schema.server";
import { INVOICE_PURPOSE_LABELS, type InvoiceKind, type InvoicePurpose } from "./vocabulary";

export const INVOICE_GONE = "Cette facture n'existe plus.";
export const ISSUED_REFUSAL =
  "Cette facture est émise\u00a0: elle ne peut plus être modifiée. Pour la corriger, créez un avoir.";
export const PERIOD_REVERSED =
  "La fin de la période de formation précède son début\u00a0: corrigez les dates.";
/** An invoice with its lines, in order. */
export interface InvoiceWithLines {
  invoice: Invoice;
  lines: InvoiceLine[];
}

/** The invoice and its lines, or null when there is none. */
export async function readInvoice(db: Db, id: string): Promise<InvoiceWithLines | null> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!invoice) return null;
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, id))
    .orderBy(asc(invoiceLines.position));
  return { invoice, lines };
}

/** A learner's invoices and credit notes, drafts first, then by number. */
export function invoicesOfLearner(db: Db, learnerId: string): Promise<Invoice[]> {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.learnerId, learnerId))
    .orderBy(sql`${invoices.sequenceNumber} is not null`, asc(invoices.issuedAt), asc(invoices.createdAt));
}

/* ------------------------------------------------------------------------------------------------
 * What every draft shares: its VAT rate, its lines' amounts, its title in the Journal.
 * --------------------------------------------------------------------------------------------- */

/**
 * The VAT rate a draft bears, as issuing it now would: a credit note the rate of the invoice it
 * corrects (it reverses that VAT), an invoice the centre's situation in Paramètres (exempt: 0).
 */
export async function draftVatRate(db: Db, creditedInvoiceId: string | null): Promise<number> {
  if (creditedInvoiceId) {
    const [credited] = await db
      .select({ rate: invoices.vatRateBasisPoints })
      .from(invoices)
      .where(eq(invoices.id, creditedInvoiceId));
    if (credited) return credited.rate;
  }
  return vatRateOf((await getCentreSettings(db)).vatStatus);
}

/** The Journal's name of an invoice: its number once issued, else what it is and a short reference. */
export async function invoiceTitle(db: Db, invoice: Invoice): Promise<string> {
  if (invoice.number) return invoice.number;
  if (invoice.creditedInvoiceId) {
    const [credited] = await db
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.id, invoice.creditedInvoiceId));
    return `Brouillon sur la facture ${credited?.number ?? ""} (réf. ${shortRef(invoice.id)})`;
  }
  return `${INVOICE_PURPOSE_LABELS[invoice.purpose]} en brouillon (réf. ${shortRef(invoice.id)})`;
}

/** The Journal's kind of record: invoices and credit notes are listed apart. */
export const auditEntityOf = (kind: InvoiceKind) => (kind === "credit_note" ? "credit_note" : "invoice");

/**
 * Lines checked as the database would check them, in French: a label, a positive quantity, a whole
 * number of cents; a deducted invoice must be an issued deposit of the same learner and payer.
 */
async function checkedLines(
  db: Db,
  lines: DraftLineInput[],
  owner: { learnerId: string | null; payerId: string },
): Promise<DraftLineInput[]> {
  if (!lines.length) throw new AdminInputError("Ajoutez au moins une ligne.", "lines");
  if (lines.length > MAX_LINES) throw new AdminInputError(`Une facture compte ${MAX_LINES} lignes au plus.`);
  lines.forEach((line, n) => {
    if (!line.label.trim()) throw new AdminInputError("Indiquez le libellé de la ligne.", `lines.${n}.label`);
    if (!Number.isSafeInteger(line.quantityHundredths) || line.quantityHundredths <= 0) {
      throw new AdminInputError("La quantité doit être supérieure à 0.", `lines.${n}.quantity`);
    }
    if (!Number.isSafeInteger(line.unitPriceCents)) {
      throw new AdminInputError("Indiquez un prix en euros et en centimes.", `lines.${n}.unitPrice`);
    }
  });
  const deducted = lines.flatMap((line) => (line.deductedInvoiceId ? [line.deductedInvoiceId] : []));
  if (deducted.length) {
    const deposits = owner.learnerId
      ? await db
          .select({ id: invoices.id })
          .from(invoices)
          .where(
            and(
              inArray(invoices.id, deducted),
              isNotNull(invoices.number),
              eq(invoices.purpose, "deposit"),
              eq(invoices.kind, "invoice"),
              eq(invoices.learnerId, owner.learnerId),
              eq(invoices.payerId, owner.payerId),
            ),
          )
      : [];
    if (deposits.length !== new Set(deducted).size) {
      throw new AdminInputError(
        "Une ligne déduit une facture qui n'est pas un acompte émis de ce financeur pour ce ou cette stagiaire.",
        "lines",
      );
    }
  }
  return lines;
}

/** A line's net amount: its quantity times its unit price, to the cent. */
export const lineNetCentsOf = (line: DraftLineInput) =>
  lineNetCents(line.unitPriceCents, line.quantityHundredths);

const lineRows = (invoiceId: string, lines: DraftLineInput[]) =>
  lines.map((line, i) => ({
    invoiceId,
    position: i + 1,
    label: line.label.trim(),
    description: line.description?.trim() ?? "",
    quantityHundredths: line.quantityHundredths,
    unitCode: line.unitCode ?? "C62",
    unitPriceCents: line.unitPriceCents,
    netCents: lineNetCentsOf(line),
    deductedInvoiceId: line.deductedInvoiceId ?? null,
  }));

export async function payerOf(db: Db, payerId: string): Promise<Payer> {
  const [payer] = await db.select().from(payers).where(eq(payers.id, payerId));
  if (!payer) throw new AdminInputError(PAYER_GONE, "payerId");
  return payer;
}

export async function contextOf(db: Db, learnerId: string): Promise<LearnerContext> {
  const context = await learnerContext(db, learnerId);
  if (!context) throw new AdminInputError(LEARNER_GONE, "learnerId");
  return context;
}

export interface NewDraft {
  kind: InvoiceKind;
  purpose: InvoicePurpose;
  payer: Payer;
  learnerId: string | null;
  sessionId: string | null;
  creditedInvoiceId: string | null;
  serviceStart: string;
  serviceEnd: string;
  learnerName: string | null;
  formationTitle: string | null;
  note: string;
}

/**
 * Inserts a draft and its lines, its totals computed from them at the rate issuing would apply, and
 * audits it; inside the caller's transaction (credit notes draft through it too).
 */
export async function insertDraft(
  tx: Db,
  draft: NewDraft,
  lines: DraftLineInput[],
  actor: Actor,
): Promise<Invoice> {
  if (draft.serviceEnd < draft.serviceStart) throw new AdminInputError(PERIOD_REVERSED, "serviceEnd");
  const checked = await checkedLines(tx, lines, { learnerId: draft.learnerId, payerId: draft.payer.id });
  const rate = await draftVatRate(tx, draft.creditedInvoiceId);
  const billing = await readBillingSettings(tx);
  const rows = lineRows("", checked);
  const [created] = await tx
    .insert(invoices)
    .values({
      kind: draft.kind,
      purpose: draft.purpose,
      payerId: draft.payer.id,
      learnerId: draft.learnerId,
      sessionId: draft.sessionId,
      creditedInvoiceId: draft.creditedInvoiceId,
      serviceStart: draft.serviceStart,
      serviceEnd: draft.serviceEnd,
      buyer: buyerOfPayer(draft.payer),
      learnerName: draft.learnerName,
      formationTitle: draft.formationTitle,
      vatRateBasisPoints: rate,
      ...invoiceTotals(rows, rate),
      paymentTermsDays: billing.paymentTermsDays,
      note: draft.note,
      createdById: actor.id,
    })
    .returning();
  if (!created) throw new Error("draft invoice not inserted");
  await tx.insert(invoiceLines).values(lineRows(created.id, checked));
  await writeAudit(tx, actor, {
    action: "create",
    entity: auditEntityOf(created.kind),
    entityId: created.id,
    details: {
      title: await invoiceTitle(tx, created),
      purpose: created.purpose,
      netCents: created.netCents,
      lines: checked.length,
    },
  });
  return created;
}

/* ------------------------------------------------------------------------------------------------
 * Create, update, delete.
 * --------------------------------------------------------------------------------------------- */

/** The draft, locked for the change, or the French refusal: gone, or issued (before the trigger says it). */
export async function lockedDraft(tx: Db, id: string): Promise<Invoice> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  if (!invoice) throw new AdminInputError(INVOICE_GONE);
  if (invoice.number) throw new AdminInputError(ISSUED_REFUSAL);
  return invoice;
}

/** The fields of a draft as the Journal compares them: amounts and dates shown, the rest named. */
const auditedDraft = (invoice: Invoice, lines: string) => ({
  payerId: invoice.payerId,
  serviceStart: invoice.serviceStart,
  serviceEnd: invoice.serviceEnd,
  note: invoice.note,
  engagementNumber: invoice.engagementNumber,
  lines,
  total: formatCents(invoice.netCents),
});

const linesKey = (lines: readonly InvoiceLine[]) =>
  JSON.stringify(
    lines.map((l) => [
      l.label,
      l.description,
      l.quantityHundredths,
      l.unitCode,
      l.unitPriceCents,
      l.deductedInvoiceId,
    ]),
  );

/**
 * Changes a draft: its payer (the buyer copied again), note, service period, engagement number,
 * lines (all replaced, totals computed again). A credit note keeps the payer of the invoice it
 * corrects.
 */
export async function updateDraft(db: Db, id: string, changes: DraftChanges, actor: Actor): Promise<Invoice> {
  return db.transaction(async (tx) => {
    const before = await lockedDraft(tx, id);
    const linesBefore = await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id));
    const payerChanged = changes.payerId !== undefined && changes.payerId !== before.payerId;
    if (payerChanged && before.kind === "credit_note") {
      throw new AdminInputError("Un avoir va au financeur de la facture qu'il corrige.", "payerId");
    }
    const payer = await payerOf(tx, changes.payerId ?? before.payerId);
    const serviceStart = changes.serviceStart ?? before.serviceStart;
    const serviceEnd = changes.serviceEnd ?? before.serviceEnd;
    if (serviceEnd < serviceStart) throw new AdminInputError(PERIOD_REVERSED, "serviceEnd");
    if (changes.lines) {
      const lines = await checkedLines(tx, changes.lines, { learnerId: before.learnerId, payerId: payer.id });
      await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, id));
      await tx.insert(invoiceLines).values(lineRows(id, lines));
    } else if (payerChanged && linesBefore.some((line) => line.deductedInvoiceId)) {
      // A deducted deposit belongs to its payer: another payer's invoice cannot deduct it.
      const kept = linesBefore.map(({ label, quantityHundredths, unitPriceCents, deductedInvoiceId }) => ({
        label,
        quantityHundredths,
        unitPriceCents,
        deductedInvoiceId,
      }));
      await checkedLines(tx, kept, { learnerId: before.learnerId, payerId: payer.id });
    }
    const linesAfter = await tx
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, id))
      .orderBy(asc(invoiceLines.position));
    const rate = await draftVatRate(tx, before.creditedInvoiceId);
    const [after] = await tx
      .update(invoices)
      .set({
        payerId: payer.id,
        buyer: buyerOfPayer(payer),
        serviceStart,
        serviceEnd,
        note: changes.note === undefined ? before.note : changes.note.trim(),
        engagementNumber:
          changes.engagementNumber === undefined
            ? before.engagementNumber
            : changes.engagementNumber?.trim() || null,
        vatRateBasisPoints: rate,
        ...invoiceTotals(linesAfter, rate),
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, id))
      .returning();
    if (!after) throw new Error("draft invoice vanished while locked");
    const entity = auditEntityOf(after.kind);
    await writeAudit(tx, actor, {
      action: "update",
      entity,
      entityId: id,
      details: {
        title: await invoiceTitle(tx, after),
        changes: diffFields(
          entity,
          auditedDraft(before, linesKey(linesBefore)),
          auditedDraft(after, linesKey(linesAfter)),
        ),
      },
    });
    return after;
  });
}

/** Deletes a draft and its lines; an issued invoice is refused (a credit note corrects it). */
export async function deleteDraft(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const draft = await lockedDraft(tx, id);
    const title = await invoiceTitle(tx, draft);
    await tx.delete(invoices).where(eq(invoices.id, id));
    await writeAudit(tx, actor, {
      action: "delete",
      entity: auditEntityOf(draft.kind),
      entityId: id,
      details: { title, purpose: draft.purpose, netCents: draft.netCents },
    });
  });
}
