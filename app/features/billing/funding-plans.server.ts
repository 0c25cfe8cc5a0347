/**
 * A learner's funding plan: the price of their training (excluding VAT), the hourly rate an invoice
 * 'au réalisé' multiplies the hours attended by, and the payers sharing the price. Before a plan is
 * saved, its price is the formation's catalogue price. Saving a plan changes no invoice: a draft
 * reads the plan when it is made, an issued invoice never changes.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { diffFields } from "~/features/audit";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { learnerTitleOf } from "~/features/learners/index.server";
import { AdminInputError } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { formatCents } from "~/platform/money";
import { coverageSentence } from "./funding-plan";
import type { FundingPlanInput } from "./funding-plan-schema";
import { learnerContext } from "./learner-context.server";
import { fundingPlans, fundingShares, payers } from "./schema.server";
import type { PayerKind } from "./vocabulary";

export const LEARNER_GONE = "Ce ou cette stagiaire n'existe plus.";
export const PAYER_GONE = "Ce financeur n'existe plus.";

export interface FundingShareView {
  payerId: string;
  payerName: string;
  payerKind: PayerKind;
  amountCents: number;
  subrogation: boolean;
}

export interface FundingPlanView {
  learnerId: string;
  sessionId: string;
  learnerName: string | null;
  formationTitle: string;
  /** Whether a plan is stored; false: the price below is the formation's, nothing is shared yet. */
  saved: boolean;
  priceCents: number;
  /** The formation's catalogue price in cents, the plan's default (null when it has none). */
  formationPriceCents: number | null;
  hourlyRateCents: number | null;
  shares: FundingShareView[];
  /** The sum of the shares. */
  coveredCents: number;
  /** price − shares: positive when something is missing, negative when the shares exceed the price. */
  gapCents: number;
  /** 'Le plan couvre 1 600,00 € sur 2 000,00 € : il manque 400,00 €.'; null when they agree. */
  gapSentence: string | null;
}

/** The learner's plan (or the default one), or null when there is no such learner. */
export async function readFundingPlan(db: Db, learnerId: string): Promise<FundingPlanView | null> {
  const context = await learnerContext(db, learnerId);
  if (!context) return null;
  const [plan] = await db.select().from(fundingPlans).where(eq(fundingPlans.learnerId, learnerId));
  const shares = await db
    .select({
      payerId: fundingShares.payerId,
      payerName: payers.name,
      payerKind: payers.kind,
      amountCents: fundingShares.amountCents,
      subrogation: fundingShares.subrogation,
    })
    .from(fundingShares)
    .innerJoin(payers, eq(payers.id, fundingShares.payerId))
    .where(eq(fundingShares.learnerId, learnerId))
    .orderBy(asc(fundingShares.position), asc(payers.name));
  const priceCents = plan?.priceCents ?? context.formationPriceCents ?? 0;
  const coveredCents = shares.reduce((sum, share) => sum + share.amountCents, 0);
  return {
    learnerId,
    sessionId: context.sessionId,
    learnerName: context.learnerName,
    formationTitle: context.formationTitle,
    saved: Boolean(plan),
    priceCents,
    formationPriceCents: context.formationPriceCents,
    hourlyRateCents: plan?.hourlyRateCents ?? null,
    shares,
    coveredCents,
    gapCents: priceCents - coveredCents,
    gapSentence: coverageSentence(coveredCents, priceCents),
  };
}

/** The plan's fields as the Journal compares them: amounts printed, the shares by payer and amount. */
const auditedPlan = (plan: Pick<FundingPlanView, "priceCents" | "hourlyRateCents" | "shares">) => ({
  price: formatCents(plan.priceCents),
  hourlyRate: plan.hourlyRateCents === null ? null : formatCents(plan.hourlyRateCents),
  shares: plan.shares
    .map((share) => `${share.payerId}:${share.amountCents}:${share.subrogation ? "s" : ""}`)
    .join(","),
});

/**
 * Saves the learner's plan: its price, hourly rate and shares (replacing the ones before), audited
 * in the same transaction. Refused in French when the learner or one of the payers no longer exists.
 */
export async function saveFundingPlan(
  db: Db,
  input: FundingPlanInput,
  actor: Actor,
): Promise<FundingPlanView> {
  return db.transaction(async (tx) => {
    const before = await readFundingPlan(tx, input.learnerId);
    if (!before) throw new AdminInputError(LEARNER_GONE, "learnerId");
    const payerIds = input.shares.map((share) => share.payerId);
    if (new Set(payerIds).size !== payerIds.length) {
      throw new AdminInputError("Un financeur ne figure qu'une fois dans un plan.", "shares");
    }
    if (payerIds.length) {
      const found = await tx.select({ id: payers.id }).from(payers).where(inArray(payers.id, payerIds));
      if (found.length !== payerIds.length) throw new AdminInputError(PAYER_GONE, "shares");
    }
    const now = new Date();
    const values = {
      learnerId: input.learnerId,
      priceCents: input.priceCents,
      hourlyRateCents: input.hourlyRateCents,
      updatedAt: now,
    };
    // The plan's row is locked by the upsert: two staff saving the same plan save one after the other.
    await tx
      .insert(fundingPlans)
      .values(values)
      .onConflictDoUpdate({ target: fundingPlans.learnerId, set: values });
    await tx.delete(fundingShares).where(eq(fundingShares.learnerId, input.learnerId));
    if (input.shares.length) {
      await tx
        .insert(fundingShares)
        .values(input.shares.map((share, position) => ({ ...share, learnerId: input.learnerId, position })));
    }
    const after = await readFundingPlan(tx, input.learnerId);
    if (!after) throw new Error("the funding plan's learner vanished inside its transaction");
    await writeAudit(tx, actor, {
      action: before.saved ? "update" : "create",
      entity: "funding_plan",
      entityId: input.learnerId,
      details: {
        title: await learnerTitleOf(tx, input.learnerId),
        changes: diffFields("funding_plan", auditedPlan(before), auditedPlan(after)),
      },
    });
    return after;
  });
}

/** One payer's share of a learner's plan, with the plan's hourly rate; null when the payer has none. */
export async function payerShare(db: Db, learnerId: string, payerId: string) {
  const [share] = await db
    .select({
      amountCents: fundingShares.amountCents,
      subrogation: fundingShares.subrogation,
      hourlyRateCents: fundingPlans.hourlyRateCents,
    })
    .from(fundingShares)
    .innerJoin(fundingPlans, eq(fundingPlans.learnerId, fundingShares.learnerId))
    .where(and(eq(fundingShares.learnerId, learnerId), eq(fundingShares.payerId, payerId)));
  return share ?? null;
}
