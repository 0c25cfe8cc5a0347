/**
 * A learner's Financement page (/admin/stagiaires/:learnerId/financement): the funding plan, the
 * learner's invoices and credit notes, the drafts made from one payer's share, and the learner's
 * quotes. The page reads with invoices:read; saving the plan and drafting need invoices:write.
 */

import { attemptParsed, consoleAction, intentOf, unknownIntent } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { textFields } from "~/platform/form-data";
import { openCreated, payerChoices } from "./console-common.server";
import { learnerInvoiceRows } from "./console-invoice-rows.server";
import { invoiceHref } from "./console-paths";
import { fundingPlanSchema } from "./funding-plan-schema";
import { readFundingPlan, saveFundingPlan } from "./funding-plans.server";
import { draftCreateSchema } from "./invoice-schema";
import { learnerContext } from "./learner-context.server";
import { createDraft } from "./new-draft.server";
import { learnerQuotes } from "./quotes.server";

/** Everything the Financement page shows, or null when there is no such learner. */
export async function learnerFundingPage(db: Db, learnerId: string) {
  const context = await learnerContext(db, learnerId);
  const plan = context && (await readFundingPlan(db, learnerId));
  if (!context || !plan) return null;
  const [payers, invoices, quotes] = await Promise.all([
    payerChoices(db),
    learnerInvoiceRows(db, learnerId),
    learnerQuotes(db, learnerId),
  ]);
  return {
    learner: {
      id: context.learnerId,
      name: context.learnerName,
      formationTitle: context.formationTitle,
      sessionId: context.sessionId,
      sessionStart: context.serviceStart,
      sessionEnd: context.serviceEnd,
    },
    plan,
    payers,
    invoices,
    quotes,
  };
}

export type LearnerFundingPage = NonNullable<Awaited<ReturnType<typeof learnerFundingPage>>>;

/**
 * The page's action: `save-plan` (the price, the hourly rate and the shares, posted as the plan's
 * form fields), `draft` (a deposit, final or attended invoice for one payer's share, opened once
 * made). Both under invoices:write.
 */
export const fundingAction = consoleAction(
  { "save-plan": "invoices:write", draft: "invoices:write" },
  async (app, actor, form) => {
    const intent = intentOf(form);
    const fields = textFields(form);
    if (intent === "save-plan") {
      return attemptParsed(
        app,
        intent,
        fundingPlanSchema.safeParse(fields),
        "Plan de financement non enregistré",
        "Plan de financement enregistré",
        (input) => saveFundingPlan(app.db, input, actor),
      );
    }
    if (intent === "draft") {
      let created: string | null = null;
      const result = await attemptParsed(
        app,
        intent,
        draftCreateSchema.safeParse(fields),
        "Brouillon non créé",
        "Brouillon de facture créé",
        async (request) => {
          created = (await createDraft(app.db, request, actor)).id;
        },
      );
      return openCreated(app, result, created, invoiceHref);
    }
    return unknownIntent(intent);
  },
);
