/**
 * Credit notes (avoirs): the only correction of an issued invoice, whole (a copy of its lines) or
 * partial (one line of an amount, or lines given). A credit note is made as a draft that refers to
 * the invoice, for the same payer, learner and session: staff read it, then issue it through the same
 * sequence as invoices (issueInvoice), which checks again, under lock, that it takes back no more
 * than what is left to credit. Its amounts are positive: the kind (381) says it is a credit.
 */
import { eq } from "drizzle-orm";
import type { Actor } from "~/features/audit/index.server";
import { AdminInputError } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { formatCents } from "~/platform/money";
import { INVOICE_GONE, insertDraft, lineNetCentsOf } from "./drafts.server";
import type { CreditNoteRequest, DraftLineInput } from "./invoice-schema";
import { creditableNet } from "./issue.server";
import { type Invoice, invoiceLines, invoices, payers } from "./schema.server";

/** A draft credit note of the issued invoice `invoiceId`, or the French refusal. */
export async function createCreditNote(
  db: Db,
  invoiceId: string,
  request: CreditNoteRequest,
  actor: Actor,
): Promise<Invoice> {
  return db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (!invoice) throw new AdminInputError(INVOICE_GONE);
    if (!invoice.number) {
      throw new AdminInputError(
        "Cette facture est un brouillon\u00a0: modifiez-la ou supprimez-la, un avoir ne corrige qu'une facture émise.",
      );
    }
    if (invoice.kind === "credit_note") {
      throw new AdminInputError("Un avoir ne se corrige pas par un autre avoir.");
    }
    const left = await creditableNet(tx, invoice);
    if (left <= 0) throw new AdminInputError(`La facture ${invoice.number} est déjà entièrement créditée.`);

    let lines: DraftLineInput[];
    if (request.lines) {
      lines = request.lines;
    } else if (request.amountCents !== undefined) {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
        throw new AdminInputError("Le montant de l'avoir doit être supérieur à 0\u00a0€.", "amount");
      }
      lines = [
        {
          label: `Avoir partiel sur la facture ${invoice.number}`,
          quantityHundredths: 100,
          unitPriceCents: request.amountCents,
        },
      ];
    } else {
      if (left < invoice.netCents) {
        throw new AdminInputError(
          `La facture ${invoice.number} est déjà créditée en partie\u00a0: il reste ${formatCents(left)} à créditer, par un avoir partiel.`,
        );
      }
      const copied = await tx
        .select()
        .from(invoiceLines)
        .where(eq(invoiceLines.invoiceId, invoice.id))
        .orderBy(invoiceLines.position);
      // The deposit a line deducted stays deducted by the invoice: the copy only says it in its label.
      lines = copied.map((line) => ({
        label: line.label,
        description: line.description,
        quantityHundredths: line.quantityHundredths,
        unitCode: line.unitCode as DraftLineInput["unitCode"],
        unitPriceCents: line.unitPriceCents,
      }));
    }
    const net = lines.reduce((sum, line) => sum + lineNetCentsOf(line), 0);
    if (net <= 0)
      throw new AdminInputError("Le montant de l'avoir doit être supérieur à 0\u00a0€.", "amount");
    if (net > left) {
      throw new AdminInputError(
        `L'avoir (${formatCents(net)}) dépasse ce qui reste à créditer sur la facture ${invoice.number} (${formatCents(left)}).`,
        "amount",
      );
    }
    const [payer] = await tx.select().from(payers).where(eq(payers.id, invoice.payerId));
    if (!payer) throw new Error("an issued invoice's payer is gone (restricted by its key)");
    return insertDraft(
      tx,
      {
        kind: "credit_note",
        purpose: invoice.purpose,
        payer,
        learnerId: invoice.learnerId,
        sessionId: invoice.sessionId,
        creditedInvoiceId: invoice.id,
        serviceStart: invoice.serviceStart,
        serviceEnd: invoice.serviceEnd,
        learnerName: invoice.learnerName,
        formationTitle: invoice.formationTitle,
        note: request.note?.trim() ?? "",
      },
      lines,
      actor,
    );
  });
}
