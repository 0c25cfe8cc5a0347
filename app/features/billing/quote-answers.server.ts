// A sent quote's answer: what the payer reads through the e-mail's link, and the acceptance or refusal
// (the payer's, by the link, or recorded by staff). An accepted quote for a learner fills the learner's
// funding plan and names the payer as the convention's party.
import { asc, eq, sql } from "drizzle-orm";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { setConventionParty } from "~/features/learners/index.server";
import { AdminInputError } from "~/platform/console/action.server";
import { addDays, formatDate, parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { hashQuoteToken, QUOTE_TOKEN_SHAPE } from "./quote-tokens.server";
import { fundingPlans, fundingShares, payers, quoteLines, quotes } from "./schema.server";
import type { PayerKind } from "./vocabulary";

/** What the payer reads on the acceptance page; null for an unknown token. */
export async function quoteByToken(db: Db, token: string) {
  if (!QUOTE_TOKEN_SHAPE.test(token)) return null;
  const [quote] = await db
    .select({
      id: quotes.id,
      number: quotes.number,
      title: quotes.title,
      state: quotes.state,
      validUntil: quotes.validUntil,
      netCents: quotes.netCents,
      vatCents: quotes.vatCents,
      grossCents: quotes.grossCents,
      vatRateBasisPoints: quotes.vatRateBasisPoints,
      payerName: payers.name,
    })
    .from(quotes)
    .innerJoin(payers, eq(payers.id, quotes.payerId))
    .where(eq(quotes.tokenHash, hashQuoteToken(token)));
  if (!quote) return null;
  const lines = await db
    .select({
      label: quoteLines.label,
      quantityHundredths: quoteLines.quantityHundredths,
      unitCode: quoteLines.unitCode,
      unitPriceCents: quoteLines.unitPriceCents,
      netCents: quoteLines.netCents,
    })
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quote.id))
    .orderBy(asc(quoteLines.position));
  return { ...quote, lines };
}

const FUNDING_OF_KIND: Record<PayerKind, "opco" | "france_travail" | "region" | "other" | "personal"> = {
  company: "opco",
  opco: "opco",
  training_body: "other",
  france_travail: "france_travail",
  region: "region",
  other_public: "other",
  individual: "personal",
};

/**
 * The answer to a sent quote. Accepting one for a learner fills the funding plan (the price is the
 * quote's amount excluding VAT when the learner has no plan yet; the payer's share becomes that
 * amount) and names the payer as the party of the learner's convention. `by` is 'link' (the payer)
 * or the staff member who recorded it.
 */
export async function answerQuote(
  db: Db,
  actor: Actor | null,
  id: string,
  answer: "accepted" | "refused",
  by: string,
  today = parisToday(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, id)).for("update");
    if (!quote) throw new AdminInputError("Ce devis n'existe plus.");
    if (quote.state === "draft") throw new AdminInputError("Ce devis n'a pas encore été envoyé.");
    if (quote.state !== "sent") {
      throw new AdminInputError(
        quote.state === "accepted" ? "Ce devis est déjà accepté." : "Ce devis a été refusé.",
      );
    }
    if (answer === "accepted" && quote.validUntil < today) {
      throw new AdminInputError(
        `Ce devis n'est plus valable depuis le ${formatDate(addDays(quote.validUntil, 1))}.`,
      );
    }
    await tx
      .update(quotes)
      .set({ state: answer, answeredAt: new Date(), answeredBy: by, updatedAt: new Date() })
      .where(eq(quotes.id, id));
    if (answer === "accepted" && quote.learnerId) {
      await fillPlan(tx, quote.learnerId, quote.payerId, quote.netCents);
    }
    await writeAudit(tx, actor, {
      action: "status",
      entity: "quote",
      entityId: id,
      details: { title: `Devis ${quote.number}`, status: answer, by },
    });
  });
}

async function fillPlan(tx: Db, learnerId: string, payerId: string, amountCents: number) {
  await tx.insert(fundingPlans).values({ learnerId, priceCents: amountCents }).onConflictDoNothing();
  const [position] = await tx
    .select({ next: sql<number>`coalesce(max(${fundingShares.position}) + 1, 0)::int` })
    .from(fundingShares)
    .where(eq(fundingShares.learnerId, learnerId));
  await tx
    .insert(fundingShares)
    .values({ learnerId, payerId, amountCents, position: position?.next ?? 0 })
    .onConflictDoUpdate({
      target: [fundingShares.learnerId, fundingShares.payerId],
      set: { amountCents },
    });
  const [payer] = await tx.select().from(payers).where(eq(payers.id, payerId));
  if (!payer) return;
  await setConventionParty(tx, learnerId, {
    fundingSource: FUNDING_OF_KIND[payer.kind],
    party:
      payer.kind === "individual"
        ? null
        : {
            name: payer.name,
            address: `${payer.street}, ${payer.postalCode} ${payer.city}`,
            siret: payer.siret,
            contactName: payer.contactName,
            contactEmail: payer.invoicingEmail,
          },
  });
}
