import { useId, useState } from "react";
import { SelectField } from "~/ui/console/form-fields";
import { Input } from "~/ui/input";
import type { PayerChoice } from "../console-common.server";
import { PAYER_KIND_LABELS } from "../vocabulary";

/** How a payer reads in the select: its name, what it is, its city (two Missions locales differ by it). */
export const payerOption = (p: PayerChoice) => `${p.name} — ${PAYER_KIND_LABELS[p.kind]}, ${p.city}`;

const folded = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * A payer chosen from the register: a box that narrows the list as one types (the name, the kind,
 * the city, ignoring case and accents) above the select that posts the chosen payer's id. The payer
 * already chosen always stays in the list, so narrowing never changes what is posted.
 */
export function PayerSelect({
  form,
  name,
  label,
  payers,
  value,
  onChange,
  errors,
  required = true,
  disabled,
}: {
  form: string;
  name: string;
  label: string;
  payers: readonly PayerChoice[];
  value: string;
  onChange: (payerId: string) => void;
  errors?: Record<string, string> | undefined;
  required?: boolean;
  disabled?: boolean;
}) {
  const [filter, setFilter] = useState("");
  const filterId = useId();
  const wanted = folded(filter.trim());
  const shown = payers.filter((p) => p.id === value || !wanted || folded(payerOption(p)).includes(wanted));
  return (
    <div className="space-y-2">
      <SelectField
        form={form}
        name={name}
        label={label}
        required={required}
        errors={errors}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        options={[
          { value: "", label: payers.length ? "Choisir un financeur" : "Aucun financeur au registre" },
          ...shown.map((p) => ({ value: p.id, label: payerOption(p) })),
        ]}
      />
      {payers.length > 8 && !disabled ? (
        <Input
          id={filterId}
          type="search"
          aria-label={`Filtrer la liste «\u202f${label}\u202f»`}
          placeholder="Filtrer par nom, type ou ville…"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          autoComplete="off"
          className="h-9"
        />
      ) : null}
    </div>
  );
}
