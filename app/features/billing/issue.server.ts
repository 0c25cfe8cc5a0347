/**
 * Issuing: a draft gets the next number of its sequence and is frozen. Everything happens in one
 * transaction: the checks (each refusal in French, nothing changed), the draw of the number (the
 * counter's row locked by UPDATE … RETURNING: instances issuing at once wait for each other), the copy
 * of the seller and the buyer, the dates. A refusal or any failure rolls the whole back, the counter's
 * increment with it: the sequence has no gap and no duplicate (Code général des impôts, art. 242
 * nonies A: numbers in one continuous chronological sequence).
 */
import { eq, sql } from "drizzle-orm";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { getCentreSettings } from "~/features/settings/index.server";
import { AdminInputError } from "~/platform/console/action.server";
import { addDays, parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import { formatCents } from "~/platform/money";
import { readBillingSettings } from "./billing-settings.server";
import { auditEntityOf, INVOICE_GONE, PERIOD_REVERSED } from "./drafts.server";
import { invoiceTotals, vatRateOf } from "./invoice-totals";
import { creditedNet } from "./new-draft.server";
import { formatInvoiceNumber, numberFormatProblem, sequenceKeyOf } from "./number-format";
import { buyerOfPayer, buyerProblem, currentSeller, sellerProblem } from "./parties.server";
import { type Invoice, invoiceLines, invoices, payers } from "./schema.server";

export { numberFormatProblem };

/** A number drawn from a sequence, and the database's clock when it was drawn. */
interface Drawn {
  key: string;
  rank: number;
  year: string;
  /** The instant, as the database wrote it (microseconds kept). */
  at: string;
  /** Its Paris day, 'YYYY-MM-DD'. */
  day: string;
}

/**
 * Draws the next rank of the sequence of the format's year, holding the counter's row lock until
 * the transaction ends. The instant is read from the database's clock once the lock is held: the
 * next issue waits for this transaction's commit, so numbers and instants rise together whatever
 * the instances' own clocks. Should the year turn between the guess and the lock (midnight on 31
 * December, in Paris), the rank is given back at once (the lock is still ours) and drawn from the
 * new year's sequence.
 */
async function drawNumber(tx: Db, format: string): Promise<Drawn> {
  let year = parisToday().slice(0, 4);
  for (let attempt = 0; attempt < 3; attempt++) {
    const key = sequenceKeyOf(format, year);
    const increment = () =>
      rows<{ last_number: number; at: string; day: string }>(
        tx,
        sql`with drawn as (
              update invoice_counters set last_number = last_number + 1 where key = ${key}
              returning last_number, clock_timestamp() as at)
            select last_number, at::text as at,
                   to_char(at at time zone 'Europe/Paris', 'YYYY-MM-DD') as day
              from drawn`,
      );
    let [drawn] = await increment();
    if (!drawn) {
      // The sequence's first number: its row is made (once, whoever comes first), then locked.
      await tx.execute(
        sql`insert into invoice_counters (key, last_number) values (${key}, 0) on conflict do nothing`,
      );
      [drawn] = await increment();
    }
    if (!drawn) throw new Error(`invoice counter ${key} could not be drawn`);
    const drawnYear = drawn.day.slice(0, 4);
    if (key === "" || drawnYear === year) {
      return { key, rank: Number(drawn.last_number), year: drawnYear, at: drawn.at, day: drawn.day };
    }
    await tx.execute(sql`update invoice_counters set last_number = last_number - 1 where key = ${key}`);
    year = drawnYear;
  }
  throw new Error("the year of issue kept changing while a number was drawn");
}

/** What is left to credit of an issued invoice: its net less its issued credit notes'. */
export async function creditableNet(db: Db, invoice: Pick<Invoice, "id" | "netCents">): Promise<number> {
  return invoice.netCents - ((await creditedNet(db, [invoice.id])).get(invoice.id) ?? 0);
}

/**
 * Issues the draft `id`: checks it, draws its number, copies the seller (Paramètres and Paramètres ›
 * Facturation) and the buyer (the payer now), computes its totals again at the rate of the day (a
 * credit note: the rate of the invoice it corrects), and sets its issue instant (the database's clock,
 * after the number's lock), issue day (Paris) and due day. Refused in French, with nothing changed and
 * no number used: already issued, no line, a total not above zero, a business payer without SIREN, a
 * centre whose identity lacks its name, SIRET, address or activity number, a service period that
 * ends before it starts, a credit note above what is left to credit of its invoice.
 */
export async function issueInvoice(db: Db, id: string, actor: Actor): Promise<Invoice> {
  return db.transaction(async (tx) => {
    const [draft] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
    if (!draft) throw new AdminInputError(INVOICE_GONE);
    if (draft.number)
      throw new AdminInputError(`Cette facture est déjà émise sous le numéro ${draft.number}.`);
    const lines = await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id));
    if (!lines.length) {
      throw new AdminInputError("Cette facture n'a aucune ligne\u00a0: ajoutez-en une avant de l'émettre.");
    }
    if (draft.serviceEnd < draft.serviceStart) throw new AdminInputError(PERIOD_REVERSED);
    const [payer] = await tx.select().from(payers).where(eq(payers.id, draft.payerId));
    if (!payer) throw new AdminInputError("Le financeur de cette facture n'existe plus.");
    const buyerRefusal = buyerProblem(payer);
    if (buyerRefusal) throw new AdminInputError(buyerRefusal);

    let rate: number;
    if (draft.creditedInvoiceId) {
      // Locked: two credit notes of one invoice are checked one after the other.
      const [credited] = await tx
        .select()
        .from(invoices)
        .where(eq(invoices.id, draft.creditedInvoiceId))
        .for("update");
      if (!credited?.number) throw new Error("a credit note refers to an invoice that is not issued");
      rate = credited.vatRateBasisPoints;
      const left = await creditableNet(tx, credited);
      const net = invoiceTotals(lines, rate).netCents;
      if (net > left) {
        throw new AdminInputError(
          `Cet avoir (${formatCents(net)}) dépasse ce qui reste à créditer sur la facture ${credited.number} (${formatCents(left)}).`,
        );
      }
    } else {
      rate = vatRateOf((await getCentreSettings(tx)).vatStatus);
    }
    const totals = invoiceTotals(lines, rate);
    if (totals.netCents <= 0) {
      const what = draft.kind === "credit_note" ? "Le montant d'un avoir" : "Le total d'une facture";
      throw new AdminInputError(
        `${what} doit être supérieur à 0\u00a0€ (il est de ${formatCents(totals.netCents)})\u00a0: corrigez ses lignes.`,
      );
    }

    const billing = await readBillingSettings(tx);
    const formatRefusal = numberFormatProblem(billing.numberFormat);
    if (formatRefusal) {
      throw new AdminInputError(
        `Le format des numéros de facture de Paramètres › Facturation ne convient pas\u00a0: ${formatRefusal.charAt(0).toLowerCase()}${formatRefusal.slice(1)}`,
      );
    }
    const seller = await currentSeller(tx, billing, rate);
    const sellerRefusal = sellerProblem(seller);
    if (sellerRefusal) throw new AdminInputError(sellerRefusal);

    const drawn = await drawNumber(tx, billing.numberFormat);
    const number = formatInvoiceNumber(billing.numberFormat, Number(drawn.year), drawn.rank);
    const [issued] = await tx
      .update(invoices)
      .set({
        number,
        sequenceKey: drawn.key,
        sequenceNumber: drawn.rank,
        issuedAt: sql`${drawn.at}::timestamptz`,
        issuedOn: drawn.day,
        dueOn: addDays(drawn.day, billing.paymentTermsDays),
        paymentTermsDays: billing.paymentTermsDays,
        seller,
        buyer: buyerOfPayer(payer),
        vatRateBasisPoints: rate,
        ...totals,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, id))
      .returning();
    if (!issued) throw new Error("draft invoice vanished while locked");
    await writeAudit(tx, actor, {
      action: "issue",
      entity: auditEntityOf(issued.kind),
      entityId: id,
      details: { title: number, grossCents: issued.grossCents },
    });
    return issued;
  });
}
