/**
 * An invoice's amounts, on integers only: each line is its quantity (hundredths) times its unit price,
 * rounded to the cent; the VAT is charged once, on the net total (not line by line), rounded to the
 * cent; the gross is their sum. The draft, the issuing code and the document all compute them here,
 * so the figures stored, printed and exchanged never disagree.
 */
import { rateOf, timesHundredths } from "~/platform/money";

/** 20 % in basis points, the normal rate vocational training bears when the centre is liable. */
export const LIABLE_VAT_BASIS_POINTS = 2000;

/** The rate an invoice bears from the centre's VAT situation in Paramètres. */
export const vatRateOf = (vatStatus: "exempt" | "liable"): number =>
  vatStatus === "liable" ? LIABLE_VAT_BASIS_POINTS : 0;

export const lineNetCents = (unitPriceCents: number, quantityHundredths: number): number =>
  timesHundredths(unitPriceCents, quantityHundredths);

export interface InvoiceTotals {
  netCents: number;
  vatCents: number;
  grossCents: number;
}

export function invoiceTotals(
  lines: readonly { netCents: number }[],
  vatRateBasisPoints: number,
): InvoiceTotals {
  const netCents = lines.reduce((sum, line) => sum + line.netCents, 0);
  const vatCents = rateOf(netCents, vatRateBasisPoints);
  return { netCents, vatCents, grossCents: netCents + vatCents };
}
