import { useState } from "react";
import { ADMIN_ONLY, DeniedControl } from "~/features/accounts";
import type { BillingSettings } from "~/features/billing/billing-settings.server";
import { groupedIban } from "~/features/billing/billing-settings-schema";
import { formatInvoiceNumber, numberedPerYear, numberFormatProblem } from "~/features/billing/number-format";
import { companyDigits, frenchVatNumber, isValidSiren } from "~/platform/company-numbers";
import { Button, buttonClass } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { ErrorSummary } from "~/ui/console/error-summary";
import { TextField } from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { CheckboxField } from "~/ui/field";

const F = "facturation";
/** The rank the example shows: far enough in the year that the padding shows. */
const EXAMPLE_RANK = 42;

/** What the numbering field says under it: the example of the format typed, or what is wrong with it. */
function numberingHint(format: string, year: number): string {
  const problem = numberFormatProblem(format.trim());
  if (problem) return `{AAAA} l'année, {NNNNN} le numéro sur autant de chiffres que de N (3 à 8). ${problem}`;
  const example = formatInvoiceNumber(format.trim(), year, EXAMPLE_RANK);
  return numberedPerYear(format)
    ? `{AAAA} l'année, {NNNNN} le numéro sur autant de chiffres que de N ; la numérotation repart à 1 chaque année. Exemple : la ${EXAMPLE_RANK}ᵉ facture de ${year} sera la ${example}.`
    : `{NNNNN} le numéro sur autant de chiffres que de N, en une seule suite qui ne repart jamais à 1. Exemple : la ${EXAMPLE_RANK}ᵉ facture sera la ${example}.`;
}

/**
 * Paramètres' 'Facturation' card: the invoices' numbering, the centre's VAT number, the payment terms
 * and penalties printed on invoices, the reminders' delays, the bank details and the accountant's
 * accounts. Posted to Paramètres' own action (intent 'billing', settings:write), which the route
 * composes; read only for whoever may not change Paramètres.
 */
export function BillingSettingsCard({
  settings,
  canEdit,
  year,
  centreSiret,
}: {
  settings: BillingSettings;
  canEdit: boolean;
  /** The current year in Paris, for the numbering's example. */
  year: number;
  /** The centre's SIRET from Paramètres: its SIREN gives the VAT number proposed. */
  centreSiret: string;
}) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  const [format, setFormat] = useState(settings.numberFormat);
  const siren = companyDigits(centreSiret).slice(0, 9);
  const proposedVat = isValidSiren(siren) ? frenchVatNumber(siren) : null;
  const field = (name: string, label: string, value: string, extra: Record<string, unknown> = {}) => (
    <TextField form={F} name={name} label={label} errors={errors} defaultValue={value} {...extra} />
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle id="settings-facturation" className="text-lg">
          Facturation
        </CardTitle>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" noValidate aria-labelledby="settings-facturation">
          <input type="hidden" name="intent" value="billing" />
          <ErrorSummary form={F} errors={errors} />
          <fieldset disabled={!canEdit} className="m-0 grid min-w-0 gap-4 border-0 p-0 sm:grid-cols-2">
            <legend className="mb-3 text-sm text-muted-foreground sm:col-span-2">
              Ce que chaque facture imprime et ce que l'export comptable reprend.
            </legend>
            <TextField
              form={F}
              name="numberFormat"
              label="Format de numérotation"
              required
              autoComplete="off"
              errors={errors}
              value={format}
              onChange={(event) => setFormat(event.target.value)}
              hint={numberingHint(format, year)}
            />
            {field("vatNumber", "N° de TVA intracommunautaire", settings.vatNumber, {
              autoComplete: "off",
              hint: proposedVat
                ? `Si le centre est assujetti à la TVA. D'après son SIRET : ${proposedVat}.`
                : "Si le centre est assujetti à la TVA : FR, une clé de 2 chiffres et le SIREN.",
            })}
            {field("paymentTermsDays", "Délai de paiement (jours)", String(settings.paymentTermsDays), {
              type: "number",
              inputMode: "numeric",
              min: 0,
              max: 60,
              required: true,
              hint: "De 0 à 60 jours après la date de la facture : la loi plafonne le délai à 60 jours.",
            })}
            {field("latePenaltyRate", "Taux des pénalités de retard", settings.latePenaltyRate, {
              required: true,
              hint: "Imprimé sur les factures aux entreprises, avec l'indemnité forfaitaire de 40\u00a0€.",
            })}
            {field("reminderDays", "Relances (jours après l'échéance)", settings.reminderDays.join(", "), {
              autoComplete: "off",
              hint: "Par exemple 7, 30 : une relance 7 jours puis 30 jours après l'échéance. Vide : aucune relance.",
            })}
            <div className="sm:col-span-2">
              <CheckboxField
                form={F}
                name="vatOnDebits"
                errors={errors}
                defaultChecked={settings.vatOnDebits}
                aria-describedby="facturation-vatOnDebits-hint"
              >
                Option pour le paiement de la TVA d'après les débits
              </CheckboxField>
              <p id="facturation-vatOnDebits-hint" className="mt-1 text-xs text-muted-foreground">
                Si le centre est assujetti et a choisi de payer la TVA dès la facturation plutôt qu'à
                l'encaissement. Ses factures l'indiqueront (« Option pour le paiement de la taxe d'après les
                débits »).
              </p>
            </div>
            {field("iban", "IBAN", groupedIban(settings.iban), {
              autoComplete: "off",
              hint: "Imprimé sur les factures pour les virements",
            })}
            {field("bic", "BIC", settings.bic, { autoComplete: "off" })}
            <fieldset className="m-0 grid min-w-0 gap-4 border-0 p-0 sm:col-span-2 sm:grid-cols-3">
              <legend className="mb-3 text-sm font-medium">Comptes comptables (export des ventes)</legend>
              {field("salesAccount", "Ventes", settings.salesAccount, {
                inputMode: "numeric",
                required: true,
                hint: "706… (prestations de services)",
              })}
              {field("vatAccount", "TVA collectée", settings.vatAccount, {
                inputMode: "numeric",
                required: true,
                hint: "4457…",
              })}
              {field("customerAccount", "Clients", settings.customerAccount, {
                inputMode: "numeric",
                required: true,
                hint: "411…",
              })}
            </fieldset>
          </fieldset>
          <div className="mt-4">
            {canEdit ? (
              <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
                Enregistrer la facturation
              </Button>
            ) : (
              <DeniedControl reason={ADMIN_ONLY} className={buttonClass("outline")}>
                Enregistrer la facturation
              </DeniedControl>
            )}
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
