import type { ReactNode } from "react";
import { formatCents } from "~/platform/money";

/** One fact of an invoice or a quote read only: its label above, its value (line breaks kept). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="whitespace-pre-wrap break-words">{children}</dd>
    </div>
  );
}

const vatRateText = (basisPoints: number) =>
  `${(basisPoints / 100).toLocaleString("fr-FR", { maximumFractionDigits: 2 })}\u00a0%`;

/** Total HT, the VAT at its rate, Total TTC: under the lines of an invoice or a quote. */
export function Totals({
  figures,
  testId,
}: {
  figures: { netCents: number; vatCents: number; grossCents: number; vatRateBasisPoints: number };
  testId?: string;
}) {
  return (
    <dl className="ml-auto grid max-w-xs grid-cols-2 gap-x-4 gap-y-1 text-sm" data-testid={testId}>
      <dt>Total HT</dt>
      <dd className="text-right">{formatCents(figures.netCents)}</dd>
      <dt>TVA ({vatRateText(figures.vatRateBasisPoints)})</dt>
      <dd className="text-right">{formatCents(figures.vatCents)}</dd>
      <dt className="font-semibold">Total TTC</dt>
      <dd className="text-right font-semibold">{formatCents(figures.grossCents)}</dd>
    </dl>
  );
}
