import { Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { formatCents, parseEurosToCents } from "~/platform/money";
import { Button } from "~/ui/button";
import { ErrorSummary } from "~/ui/console/error-summary";
import { useIntentPost } from "~/ui/console/intent-form";
import { CheckboxField, TextField } from "~/ui/field";
import type { PayerChoice } from "../console-common.server";
import { centsField } from "../form-values";
import { coverageSentence } from "../funding-plan";
import { MAX_FUNDING_SHARES } from "../funding-plan-schema";
import type { FundingPlanView } from "../funding-plans.server";
import { PayerSelect } from "./payer-select";

const FORM = "plan";

interface ShareRow {
  key: number;
  payerId: string;
  amount: string;
  subrogation: boolean;
}

const rowsOf = (plan: FundingPlanView): ShareRow[] =>
  plan.shares.map((share, i) => ({
    key: i + 1,
    payerId: share.payerId,
    amount: centsField(share.amountCents),
    subrogation: share.subrogation,
  }));

/**
 * The learner's funding plan: the price (the formation's until a plan is saved), the hourly rate an
 * invoice 'au réalisé' uses, and the payers' shares (posted as `shares.N.payerId`, `shares.N.amount`,
 * `shares.N.subrogation`). What the shares leave uncovered, or exceed, is said as one types; the
 * server says it again from what it saved.
 */
export function FundingPlanForm({
  learnerId,
  plan,
  payers,
  disabled,
}: {
  learnerId: string;
  plan: FundingPlanView;
  payers: readonly PayerChoice[];
  disabled: boolean;
}) {
  const [price, setPrice] = useState(centsField(plan.priceCents));
  const [hourlyRate, setHourlyRate] = useState(centsField(plan.hourlyRateCents));
  const [shares, setShares] = useState<ShareRow[]>(() => rowsOf(plan));
  const next = useRef(plan.shares.length + 1);
  // What was saved (here or by a colleague) becomes the starting point again; the page reloading
  // the same plan leaves what is being typed alone.
  const saved = JSON.stringify([plan.priceCents, plan.hourlyRateCents, plan.shares]);
  const latest = useRef(plan);
  latest.current = plan;
  useEffect(() => {
    if (!saved) return;
    const current = latest.current;
    setPrice(centsField(current.priceCents));
    setHourlyRate(centsField(current.hourlyRateCents));
    setShares(rowsOf(current));
    next.current = current.shares.length + 1;
  }, [saved]);
  const post = useIntentPost();
  const { fetcher, errors, busy } = post;
  const change = (key: number, patch: Partial<ShareRow>) =>
    setShares((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const priceCents = parseEurosToCents(price);
  const amounts = shares.map((row) => parseEurosToCents(row.amount));
  const gap =
    priceCents !== null && amounts.every((a) => a !== null)
      ? coverageSentence(
          amounts.reduce<number>((sum, a) => sum + (a ?? 0), 0),
          priceCents,
        )
      : null;

  return (
    <fetcher.Form method="post" className="space-y-4" aria-label="Plan de financement">
      <input type="hidden" name="intent" value="save-plan" />
      <input type="hidden" name="learnerId" value={learnerId} />
      <ErrorSummary form={FORM} errors={errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          form={FORM}
          name="price"
          label="Prix de la formation HT (€)"
          required
          inputMode="decimal"
          hint={
            plan.formationPriceCents === null
              ? "La formation n'a pas de prix au catalogue."
              : `Prix au catalogue\u00a0: ${formatCents(plan.formationPriceCents)}`
          }
          errors={errors}
          value={price}
          disabled={disabled}
          onChange={(e) => setPrice(e.target.value)}
        />
        <TextField
          form={FORM}
          name="hourlyRate"
          label="Taux horaire HT (€)"
          inputMode="decimal"
          hint="Pour les factures au réalisé (heures émargées × taux). Facultatif."
          errors={errors}
          value={hourlyRate}
          disabled={disabled}
          onChange={(e) => setHourlyRate(e.target.value)}
        />
      </div>
      <fieldset className="space-y-3" id={`${FORM}-shares`}>
        <legend className="font-semibold">Parts des financeurs</legend>
        {errors?.shares ? <p className="text-sm text-destructive">{errors.shares}</p> : null}
        {shares.length === 0 ? (
          <p className="text-sm text-muted-foreground">Aucun financeur pour l'instant.</p>
        ) : null}
        {shares.map((row, n) => (
          <fieldset
            key={row.key}
            className="space-y-3 rounded-md border border-border p-3"
            data-testid="funding-share"
          >
            <legend className="px-1 text-sm font-semibold">Part {n + 1}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <PayerSelect
                form={FORM}
                name={`shares.${n}.payerId`}
                label={`Financeur de la part ${n + 1}`}
                payers={payers}
                value={row.payerId}
                errors={errors}
                disabled={disabled}
                onChange={(payerId) => change(row.key, { payerId })}
              />
              <TextField
                form={FORM}
                name={`shares.${n}.amount`}
                label={`Montant de la part ${n + 1} HT (€)`}
                required
                inputMode="decimal"
                errors={errors}
                value={row.amount}
                disabled={disabled}
                onChange={(e) => change(row.key, { amount: e.target.value })}
              />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <CheckboxField
                form={FORM}
                name={`shares.${n}.subrogation`}
                errors={errors}
                checked={row.subrogation}
                disabled={disabled}
                onChange={(e) => change(row.key, { subrogation: e.target.checked })}
              >
                Subrogation (l'OPCO paie le centre directement)
              </CheckboxField>
              {disabled ? null : (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setShares((all) => all.filter((r) => r.key !== row.key))}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4 text-destructive" /> Retirer la part {n + 1}
                </Button>
              )}
            </div>
          </fieldset>
        ))}
        {disabled ? null : (
          <Button
            variant="outline"
            disabled={shares.length >= MAX_FUNDING_SHARES}
            onClick={() =>
              setShares((all) => [
                ...all,
                { key: next.current++, payerId: "", amount: "", subrogation: false },
              ])
            }
          >
            <Plus aria-hidden="true" className="h-4 w-4" /> Ajouter un financeur
          </Button>
        )}
      </fieldset>
      <p role="status" className="text-sm font-medium" data-testid="funding-gap">
        {gap ?? ""}
      </p>
      {disabled ? null : (
        <Button type="submit" disabled={busy}>
          {busy ? "Enregistrement..." : "Enregistrer le plan"}
        </Button>
      )}
    </fetcher.Form>
  );
}
