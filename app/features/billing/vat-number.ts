import { frenchVatNumber, isValidSiren } from "~/platform/company-numbers";

/**
 * French intra-community VAT numbers as the centre and its payers type them: FR, a 2-digit key, the
 * 9 digits of the SIREN. The key is computed from the SIREN (platform/company-numbers.ts), so a
 * mistyped number is caught before it is printed on an invoice and sent to Chorus Pro.
 */
export const VAT_NUMBER_ERRORS = {
  shape: "Le numéro de TVA s'écrit FR, une clé de 2 chiffres et les 9 chiffres du SIREN (FR12 123456789).",
  key: "La clé de ce numéro de TVA ne correspond pas à son SIREN : vérifiez les chiffres.",
} as const;

/** Spaces and dots removed, upper case: 'fr 40 303 265 045' → 'FR40303265045'. */
export function normalizeVatNumber(text: string): string {
  return text.replace(/[\s.\u00a0\u202f-]/g, "").toUpperCase();
}

/** What is wrong with a normalized VAT number, in French, or null when it is a French one. */
export function vatNumberProblem(vat: string): string | null {
  if (!/^FR\d{11}$/.test(vat)) return VAT_NUMBER_ERRORS.shape;
  const siren = vat.slice(4);
  if (!isValidSiren(siren) || frenchVatNumber(siren) !== vat) return VAT_NUMBER_ERRORS.key;
  return null;
}
