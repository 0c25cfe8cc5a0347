// What billing keeps about a learner, for the learners' erasure (features/learners/learner-holds.server.ts,
// registered by app/boot): the funding plan, the quotes and the invoices naming them. An issued invoice
// is kept ten years as issued (the database's trigger refuses any change), so such a learner is
// anonymised, never deleted, and the invoice keeps the name it printed.
import { asc, eq } from "drizzle-orm";
import type { LearnerHold } from "~/features/learners/index.server";
import { formatDate } from "~/platform/dates";
import { plural } from "~/platform/plural";
import { fundingPlans, invoices, quotes } from "./schema.server";

export const billingLearnerHold: LearnerHold = async (db, learnerId) => {
  const [plan] = await db
    .select({ learnerId: fundingPlans.learnerId })
    .from(fundingPlans)
    .where(eq(fundingPlans.learnerId, learnerId));
  const billed = await db
    .select({ kind: invoices.kind, number: invoices.number, issuedOn: invoices.issuedOn })
    .from(invoices)
    .where(eq(invoices.learnerId, learnerId))
    .orderBy(asc(invoices.sequenceKey), asc(invoices.sequenceNumber));
  const quoted = await db
    .select({ number: quotes.number })
    .from(quotes)
    .where(eq(quotes.learnerId, learnerId))
    .orderBy(asc(quotes.number));
  const phrases: string[] = plan ? ["son plan de financement"] : [];
  for (const invoice of billed) {
    if (!invoice.number || !invoice.issuedOn) continue;
    const what = invoice.kind === "credit_note" ? "l'avoir" : "la facture";
    phrases.push(`${what} ${invoice.number} du ${formatDate(invoice.issuedOn)}`);
  }
  const drafts = billed.filter((invoice) => !invoice.number).length;
  if (drafts) phrases.push(plural(drafts, "facture en brouillon", "factures en brouillon"));
  for (const quote of quoted) if (quote.number) phrases.push(`le devis ${quote.number}`);
  const draftQuotes = quoted.filter((quote) => !quote.number).length;
  if (draftQuotes) phrases.push(plural(draftQuotes, "devis en brouillon", "devis en brouillon"));
  return phrases;
};
