import { useState } from "react";
import type { AdminPayer } from "~/features/billing/console-payers.server";
import { payerHasSiren, payerUsesChorus } from "~/features/billing/payer-schema";
import { PAYER_KIND_LABELS, PAYER_KINDS, type PayerKind } from "~/features/billing/vocabulary";
import { companyDigits, frenchVatNumber, groupCompanyNumber, isValidSiren } from "~/platform/company-numbers";
import { Button } from "~/ui/button";
import { FormDialog } from "~/ui/console/form-dialog";
import { ConsoleFields, rowValues, SelectField, TextField } from "~/ui/console/form-fields";

const F = "financeur";

export const PAYER_KIND_OPTIONS = PAYER_KINDS.map((kind) => ({
  value: kind,
  label: PAYER_KIND_LABELS[kind],
}));

/**
 * 'Nouveau financeur' / 'Modifier le financeur'. The kind decides the rest: a person ('Particulier')
 * has no SIREN, SIRET or VAT number; only a public buyer (France Travail, a region, another public
 * funder) has a Chorus Pro service code. The VAT number a SIREN has is proposed, never imposed: a
 * payer not registered for VAT has none.
 */
export function PayerDialog({ payer, onDone }: { payer: AdminPayer | null; onDone: () => void }) {
  const [kind, setKind] = useState<PayerKind>(payer?.kind ?? "company");
  const [siren, setSiren] = useState(payer?.siren ? groupCompanyNumber(payer.siren) : "");
  const [vat, setVat] = useState(payer?.vatNumber ?? "");
  const values = rowValues(payer && { ...payer, siret: payer.siret ? groupCompanyNumber(payer.siret) : "" });
  const digits = companyDigits(siren);
  const proposed = isValidSiren(digits) ? frenchVatNumber(digits) : null;
  return (
    <FormDialog
      form={F}
      values={values}
      id={payer?.id ?? null}
      title={payer ? "Modifier le financeur" : "Nouveau financeur"}
      description="Qui paie la formation : ses coordonnées de facturation, telles que les factures les imprimeront."
      className="max-w-2xl"
      onDone={onDone}
    >
      {(common) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              {...common}
              name="kind"
              label="Type"
              required
              options={PAYER_KIND_OPTIONS}
              value={kind}
              onChange={(event) => setKind(event.target.value as PayerKind)}
            />
            <ConsoleFields
              {...common}
              fields={[{ name: "name", label: "Nom / raison sociale", required: true, autoComplete: "off" }]}
            />
          </div>
          {payerHasSiren(kind) ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                {...common}
                name="siren"
                label="SIREN"
                required
                inputMode="numeric"
                autoComplete="off"
                hint="9 chiffres (avis de situation INSEE, extrait Kbis)"
                value={siren}
                onChange={(event) => setSiren(event.target.value)}
              />
              <ConsoleFields
                {...common}
                fields={[
                  {
                    name: "siret",
                    label: "SIRET",
                    inputMode: "numeric",
                    autoComplete: "off",
                    hint: "Facultatif : l'établissement facturé (le SIREN et 5 chiffres)",
                  },
                ]}
              />
              <div className="space-y-2 sm:col-span-2">
                <TextField
                  {...common}
                  name="vatNumber"
                  label="N° de TVA intracommunautaire"
                  autoComplete="off"
                  hint={
                    proposed
                      ? `Facultatif. D'après le SIREN : ${proposed}, si le financeur est assujetti à la TVA.`
                      : "Facultatif : FR, une clé de 2 chiffres et le SIREN."
                  }
                  value={vat}
                  onChange={(event) => setVat(event.target.value)}
                />
                {proposed && companyDigits(vat).toUpperCase() !== proposed ? (
                  <Button variant="outline" size="sm" onClick={() => setVat(proposed)}>
                    Reprendre {proposed}
                  </Button>
                ) : null}
              </div>
            </div>
          ) : null}
          <ConsoleFields {...common} fields={[{ name: "street", label: "Adresse", required: true }]} />
          <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
            <ConsoleFields
              {...common}
              fields={[
                {
                  name: "postalCode",
                  label: "Code postal",
                  required: true,
                  inputMode: "numeric",
                  autoComplete: "off",
                },
                { name: "city", label: "Ville", required: true },
              ]}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <ConsoleFields
              {...common}
              fields={[
                {
                  name: "invoicingEmail",
                  label: "E-mail de facturation",
                  type: "email",
                  required: true,
                  autoComplete: "off",
                  hint: "Où partent les factures, les devis et les relances",
                },
                { name: "contactName", label: "Contact", hint: "Facultatif", autoComplete: "off" },
              ]}
            />
          </div>
          {payerUsesChorus(kind) ? (
            <ConsoleFields
              {...common}
              fields={[
                {
                  name: "chorusServiceCode",
                  label: "Code service Chorus Pro",
                  autoComplete: "off",
                  hint: "Facultatif : si l'acheteur public en demande un sur ses bons de commande",
                },
              ]}
            />
          ) : null}
        </>
      )}
    </FormDialog>
  );
}
