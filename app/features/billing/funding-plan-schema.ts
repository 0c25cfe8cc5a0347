/**
 * A learner's funding plan as the console posts it: the price and the hourly rate in euros typed the
 * French way ('1 234,50'), and the shares as rows `shares.N.payerId`, `shares.N.amount`,
 * `shares.N.subrogation` (a ticked box). Read into integer cents; each refusal in French on the field
 * it concerns ('shares.1.amount'). The sum of the shares may differ from the price: the plan's read
 * says so (coverageSentence), it is not an error.
 */
import { z } from "zod";
import { entityId, REQUIRED } from "~/platform/form-schema";
import { parseEurosToCents } from "~/platform/money";
import { indexedRows } from "./billing-fields";

export const FUNDING_PLAN_ERRORS = {
  learner: "Stagiaire inconnu·e.",
  amount: "Indiquez un montant en euros, par exemple 1 234,50",
  price: "Le prix doit être supérieur à 0\u00a0€",
  hourlyRate: "Le taux horaire doit être supérieur à 0\u00a0€",
  payer: "Choisissez un financeur",
  share: "Le montant de la part doit être supérieur à 0\u00a0€",
  twice: "Ce financeur a déjà une part dans ce plan\u00a0: un financeur n'y figure qu'une fois",
  tooMany: "Un plan compte 20 financeurs au plus",
} as const;

export const MAX_FUNDING_SHARES = 20;

export interface FundingShareInput {
  payerId: string;
  amountCents: number;
  /** The OPCO pays the centre directly (subrogation de paiement). */
  subrogation: boolean;
}

export interface FundingPlanInput {
  learnerId: string;
  priceCents: number;
  /** Null: no invoicing by the hours attended. */
  hourlyRateCents: number | null;
  shares: FundingShareInput[];
}

type Issue = (field: string, message: string) => void;

/** A positive amount typed in euros, or null after reporting on `field` why it is not one. */
function positiveCents(text: string, field: string, whenZero: string, report: Issue): number | null {
  if (text.trim() === "") {
    report(field, REQUIRED);
    return null;
  }
  const cents = parseEurosToCents(text);
  if (cents === null) report(field, FUNDING_PLAN_ERRORS.amount);
  else if (cents === 0) report(field, whenZero);
  return cents === null || cents === 0 ? null : cents;
}

const checked = (value: string | undefined) => value === "on" || value === "true";

/** Parses the form's text fields (`textFields(form)`) into a plan, every field's refusal reported at once. */
export const fundingPlanSchema = z
  .record(z.string(), z.string())
  .transform((fields, ctx): FundingPlanInput => {
    const report: Issue = (field, message) => ctx.addIssue({ code: "custom", path: [field], message });
    const learner = entityId.safeParse(fields.learnerId);
    if (!learner.success) report("learnerId", FUNDING_PLAN_ERRORS.learner);
    const priceCents = positiveCents(fields.price ?? "", "price", FUNDING_PLAN_ERRORS.price, report);
    const rateText = fields.hourlyRate ?? "";
    const hourlyRateCents =
      rateText.trim() === ""
        ? null
        : positiveCents(rateText, "hourlyRate", FUNDING_PLAN_ERRORS.hourlyRate, report);
    const rows = indexedRows(fields, "shares");
    if (rows.length > MAX_FUNDING_SHARES) report("shares", FUNDING_PLAN_ERRORS.tooMany);
    const shares: FundingShareInput[] = [];
    const seen = new Set<string>();
    for (const { n, fields: row } of rows) {
      const payer = entityId.safeParse(row.payerId ?? "");
      if (!payer.success) report(`shares.${n}.payerId`, FUNDING_PLAN_ERRORS.payer);
      else if (seen.has(payer.data)) report(`shares.${n}.payerId`, FUNDING_PLAN_ERRORS.twice);
      else seen.add(payer.data);
      const amountCents = positiveCents(
        row.amount ?? "",
        `shares.${n}.amount`,
        FUNDING_PLAN_ERRORS.share,
        report,
      );
      if (payer.success && amountCents !== null) {
        shares.push({ payerId: payer.data, amountCents, subrogation: checked(row.subrogation) });
      }
    }
    if (!learner.success || priceCents === null) return z.NEVER;
    return { learnerId: learner.data, priceCents, hourlyRateCents, shares };
  });
