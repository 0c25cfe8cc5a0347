import { VAT_RATE } from "./vat";

/**
 * A price excluding VAT, its VAT at the normal rate and the price including it, each to the cent: the
 * VAT is rounded first and added, so the three lines a convention prints always add up, and the
 * course page states the same total. Server only: the pages receive the result from their loader,
 * so no browser code carries it (the home page's JavaScript is at its budget).
 */
export function withVat(excluding: number): { vat: number; including: number } {
  const vat = Math.round(excluding * VAT_RATE * 100) / 100;
  return { vat, including: Math.round((excluding + vat) * 100) / 100 };
}
