import { Plus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { formatCents, parseEurosToCents } from "~/platform/money";
import { Button } from "~/ui/button";
import { SelectField, TextField } from "~/ui/console/form-fields";
import { parseHundredths, parseSignedEurosToCents } from "../billing-fields";
import { centsField, hundredthsField } from "../form-values";
import { LINE_UNIT_CODES, LINE_UNIT_LABELS, MAX_LINES } from "../invoice-schema";
import { lineNetCents } from "../invoice-totals";

/** A line as its fields hold it, typed text until the server reads it. */
export interface LineRow {
  key: number;
  label: string;
  description: string;
  quantity: string;
  unitCode: string;
  unitPrice: string;
  /** An issued deposit this line deducts: carried unchanged, the ledger checks it again. */
  deductedInvoiceId: string;
}

/** A stored line (an invoice's or a quote's) as the editor's starting row. */
export function lineRow(
  line: {
    label: string;
    description?: string;
    quantityHundredths: number;
    unitCode: string;
    unitPriceCents: number;
    deductedInvoiceId?: string | null;
  },
  key: number,
): LineRow {
  return {
    key,
    label: line.label,
    description: line.description ?? "",
    quantity: hundredthsField(line.quantityHundredths),
    unitCode: line.unitCode,
    unitPrice: centsField(line.unitPriceCents),
    deductedInvoiceId: line.deductedInvoiceId ?? "",
  };
}

const UNIT_OPTIONS = LINE_UNIT_CODES.map((code) => ({ value: code, label: LINE_UNIT_LABELS[code] }));

/**
 * The lines of a draft invoice or quote, posted as `lines.N.field` (N their order on screen, the key
 * the server's errors come back under): add, remove, and each line's fields. The total excluding VAT
 * follows what is typed; the server computes the one stored, on integers, from the same rule.
 */
export function LinesEditor({
  form,
  errors,
  initial,
  withDescription,
  negative,
}: {
  form: string;
  errors: Record<string, string> | undefined;
  initial: readonly LineRow[];
  /** Invoices print a description under each label; quotes do not. */
  withDescription: boolean;
  /** Invoices take negative lines (a discount, a deducted deposit); quotes do not. */
  negative: boolean;
}) {
  const next = useRef(initial.length + 1);
  const blank = (): LineRow => ({
    key: next.current++,
    label: "",
    description: "",
    quantity: "1",
    unitCode: "C62",
    unitPrice: "",
    deductedInvoiceId: "",
  });
  const [rows, setRows] = useState<LineRow[]>(() => (initial.length ? [...initial] : [blank()]));
  const change = (key: number, field: keyof LineRow, value: string) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  const price = negative ? parseSignedEurosToCents : parseEurosToCents;
  const nets = rows.map((row) => {
    const quantity = parseHundredths(row.quantity.trim() || "1");
    const unit = price(row.unitPrice);
    return quantity !== null && unit !== null ? lineNetCents(unit, quantity) : null;
  });
  const total = nets.every((net) => net !== null)
    ? nets.reduce<number>((sum, net) => sum + (net ?? 0), 0)
    : null;
  return (
    <fieldset className="space-y-4" id={`${form}-lines`}>
      <legend className="text-lg font-semibold">Lignes</legend>
      {errors?.lines ? <p className="text-sm text-destructive">{errors.lines}</p> : null}
      {rows.map((row, n) => {
        const name = (field: string) => `lines.${n}.${field}`;
        const net = nets[n];
        return (
          <fieldset
            key={row.key}
            className="space-y-3 rounded-md border border-border p-3"
            data-testid="line"
          >
            <legend className="px-1 text-sm font-semibold">Ligne {n + 1}</legend>
            <TextField
              form={form}
              name={name("label")}
              label="Libellé"
              required
              errors={errors}
              value={row.label}
              onChange={(e) => change(row.key, "label", e.target.value)}
            />
            {withDescription ? (
              <TextField
                form={form}
                name={name("description")}
                label="Description"
                errors={errors}
                value={row.description}
                onChange={(e) => change(row.key, "description", e.target.value)}
              />
            ) : null}
            <div className="grid gap-3 sm:grid-cols-3">
              <TextField
                form={form}
                name={name("quantity")}
                label="Quantité"
                inputMode="decimal"
                errors={errors}
                value={row.quantity}
                onChange={(e) => change(row.key, "quantity", e.target.value)}
              />
              <SelectField
                form={form}
                name={name("unitCode")}
                label="Unité"
                errors={errors}
                options={UNIT_OPTIONS}
                value={row.unitCode}
                onChange={(e) => change(row.key, "unitCode", e.target.value)}
              />
              <TextField
                form={form}
                name={name("unitPrice")}
                label="Prix unitaire HT (€)"
                required
                inputMode="decimal"
                errors={errors}
                value={row.unitPrice}
                onChange={(e) => change(row.key, "unitPrice", e.target.value)}
              />
            </div>
            {row.deductedInvoiceId ? (
              <input type="hidden" name={name("deductedInvoiceId")} value={row.deductedInvoiceId} />
            ) : null}
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-muted-foreground">
                Montant HT de la ligne&nbsp;: {net === null || net === undefined ? "—" : formatCents(net)}
              </p>
              <Button
                variant="ghost"
                size="sm"
                disabled={rows.length === 1}
                onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4 text-destructive" /> Retirer la ligne {n + 1}
              </Button>
            </div>
          </fieldset>
        );
      })}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          variant="outline"
          disabled={rows.length >= MAX_LINES}
          onClick={() => setRows((all) => [...all, blank()])}
        >
          <Plus aria-hidden="true" className="h-4 w-4" /> Ajouter une ligne
        </Button>
        <p className="font-medium" data-testid="lines-total">
          Total HT&nbsp;: {total === null ? "—" : formatCents(total)}
        </p>
      </div>
    </fieldset>
  );
}
