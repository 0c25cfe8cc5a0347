/**
 * Stored figures as the billing forms' fields show them again, the way staff type them and the
 * schemas read them back exactly: cents as '1234,50' (no grouping, a comma), hundredths as '3,5'.
 */
import { centsToDecimal } from "~/platform/money";

/** 123450 → '1234,50'; -15000 → '-150,00'; null → ''. */
export const centsField = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? "" : centsToDecimal(cents).replace(".", ",");

/** 350 → '3,5', 100 → '1', 33 → '0,33'. */
export function hundredthsField(hundredths: number): string {
  const whole = Math.trunc(hundredths / 100);
  const rest = String(Math.abs(hundredths % 100))
    .padStart(2, "0")
    .replace(/0+$/, "");
  return rest ? `${whole},${rest}` : String(whole);
}

/** 350 → '3,5' in a line's quantity column, with its unit: '3,5 h', '2 j', '1'. */
export function quantityText(hundredths: number, unitCode: string): string {
  const unit = unitCode === "HUR" ? "\u00a0h" : unitCode === "DAY" ? "\u00a0j" : "";
  return `${hundredthsField(hundredths)}${unit}`;
}
