/**
 * Payments received against issued invoices: recorded when the money arrives, removed when one was
 * recorded by mistake (the invoice itself never changes: its state is read from its payments). Every
 * refusal is a French AdminInputError with nothing written; each change is written to the Journal in
 * the transaction that makes it.
 */
import { eq } from "drizzle-orm";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { AdminInputError } from "~/platform/console/action.server";
import { formatDate, parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { formatCents } from "~/platform/money";
import { invoiceFigures } from "./invoice-state.server";
import type { PaymentInput } from "./payment-schema";
import { invoices, payments } from "./schema.server";
import { PAYMENT_MEANS_LABELS, type PaymentMeans } from "./vocabulary";

export type Payment = typeof payments.$inferSelect;

export const PAYMENT_REFUSALS = {
  unknownInvoice: "Facture introuvable.",
  creditNote: "Un avoir ne reçoit pas de règlement\u00a0: enregistrez le règlement sur une facture.",
  draft: "Cette facture est un brouillon\u00a0: émettez-la avant d'enregistrer un règlement.",
  cancelled: "Cette facture est annulée par un avoir\u00a0: elle ne reçoit plus de règlement.",
  alreadyPaid: "Cette facture est déjà entièrement réglée.",
  future: "La date du règlement ne peut pas être dans le futur.",
  unknownPayment: "Ce règlement n'existe plus.",
} as const;

/** 'Le règlement dépasse le reste à payer (350,00 €).' */
export const exceedsLeftDue = (leftCents: number) =>
  `Le règlement dépasse le reste à payer (${formatCents(leftCents)}).`;

/** 'Le règlement ne peut pas précéder l'émission de la facture (15 janvier 2027).' */
export const beforeIssue = (issuedOn: string) =>
  `Le règlement ne peut pas précéder l'émission de la facture (${formatDate(`${issuedOn}T12:00:00Z`)}).`;

/** How the Journal names a payment, never its payer (who may be a person): amount, means, day, invoice. */
export function paymentTitle(p: {
  amountCents: number;
  means: PaymentMeans;
  receivedOn: string;
  invoiceNumber: string;
}): string {
  const day = formatDate(`${p.receivedOn}T12:00:00Z`);
  return `Règlement de ${formatCents(p.amountCents)} (${PAYMENT_MEANS_LABELS[p.means].toLowerCase()}) du ${day}, facture ${p.invoiceNumber}`;
}

/** The invoice's figures and state on `today`, its row locked until the transaction ends. */
async function lockedInvoice(tx: Db, invoiceId: string, today: string) {
  // FOR UPDATE: two payments recorded at once for one invoice wait for each other, so neither can
  // pass the 'reste à payer' check on the other's stale figure. (Locking fires no UPDATE trigger: an
  // issued invoice stays untouched.)
  const [locked] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .for("update");
  if (!locked) return null;
  const f = invoiceFigures(tx, today);
  const [row] = await tx.select().from(f).where(eq(f.id, invoiceId));
  return row ?? null;
}

/**
 * Records a payment against an issued invoice, on `today` (the Paris day, by default now's). Refused,
 * with nothing written: an unknown invoice, a credit note, a draft, an invoice its credit notes
 * cancel, an amount above what is left to pay (or anything once it is paid), a date in the future or
 * before the invoice's issue date. The amount's form (positive, a number) is the schema's.
 */
export async function recordPayment(
  db: Db,
  actor: Actor,
  input: PaymentInput,
  today: string = parisToday(),
): Promise<Payment> {
  return db.transaction(async (tx) => {
    const invoice = await lockedInvoice(tx, input.invoiceId, today);
    if (!invoice) throw new AdminInputError(PAYMENT_REFUSALS.unknownInvoice, "invoiceId");
    if (invoice.kind === "credit_note") throw new AdminInputError(PAYMENT_REFUSALS.creditNote, "invoiceId");
    if (invoice.number === null || invoice.issuedOn === null) {
      throw new AdminInputError(PAYMENT_REFUSALS.draft, "invoiceId");
    }
    if (invoice.state === "cancelled") throw new AdminInputError(PAYMENT_REFUSALS.cancelled, "invoiceId");
    if (input.receivedOn > today) throw new AdminInputError(PAYMENT_REFUSALS.future, "receivedOn");
    if (input.receivedOn < invoice.issuedOn) {
      throw new AdminInputError(beforeIssue(invoice.issuedOn), "receivedOn");
    }
    const left = Number(invoice.leftCents);
    if (left === 0) throw new AdminInputError(PAYMENT_REFUSALS.alreadyPaid, "amount");
    if (input.amount > left) throw new AdminInputError(exceedsLeftDue(left), "amount");
    const [payment] = await tx
      .insert(payments)
      .values({
        invoiceId: invoice.id,
        receivedOn: input.receivedOn,
        amountCents: input.amount,
        means: input.means,
        reference: input.reference,
        createdById: actor.id,
      })
      .returning();
    if (!payment) throw new Error("payment not inserted");
    await writeAudit(tx, actor, {
      action: "create",
      entity: "payment",
      entityId: payment.id,
      details: {
        title: paymentTitle({ ...payment, invoiceNumber: invoice.number }),
        invoiceId: invoice.id,
      },
    });
    return payment;
  });
}

/** A payment removed, as the Journal and the toast name it. */
export interface RemovedPayment extends Payment {
  invoiceNumber: string;
  /** 'Règlement de 350,00 € (virement) du 20 janvier 2027, facture F-2027-00001'. */
  title: string;
}

/**
 * Removes a payment recorded by mistake (the wrong invoice, a cheque that bounced): the invoice's
 * state goes back to what its other payments make it. Answers what was removed; an unknown payment
 * (removed meanwhile, in another tab) is refused in French.
 */
export async function removePayment(db: Db, actor: Actor, paymentId: string): Promise<RemovedPayment> {
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(payments).where(eq(payments.id, paymentId)).returning();
    if (!removed) throw new AdminInputError(PAYMENT_REFUSALS.unknownPayment);
    const [invoice] = await tx
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.id, removed.invoiceId));
    const invoiceNumber = invoice?.number ?? "";
    const title = paymentTitle({ ...removed, invoiceNumber });
    await writeAudit(tx, actor, {
      action: "delete",
      entity: "payment",
      entityId: removed.id,
      details: { title, invoiceId: removed.invoiceId, amountCents: removed.amountCents },
    });
    return { ...removed, invoiceNumber, title };
  });
}
