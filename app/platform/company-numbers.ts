/**
 * French company numbers checked as INSEE issues them: a SIREN has 9 digits and a SIRET 14 (the SIREN
 * and a 5-digit establishment number), both with a Luhn check digit, so one mistyped digit is caught
 * before it reaches an invoice. La Poste's establishments (SIREN 356 000 000) are numbered past what
 * Luhn allows: their SIRET is checked by the sum of its digits being a multiple of 5, as INSEE does.
 */

/** The digits of what a person typed, spaces and dots removed ("123 456 789" → "123456789"). */
export function companyDigits(text: string): string {
  return text.replace(/[\s.\u00a0\u202f-]/g, "");
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const LA_POSTE = "356000000";

export function isValidSiren(digits: string): boolean {
  return /^\d{9}$/.test(digits) && luhn(digits);
}

export function isValidSiret(digits: string): boolean {
  if (!/^\d{14}$/.test(digits)) return false;
  if (digits.startsWith(LA_POSTE) && digits !== `${LA_POSTE}00048`) {
    let sum = 0;
    for (const d of digits) sum += Number(d);
    return sum % 5 === 0;
  }
  return luhn(digits);
}

/** "123 456 789" and "123 456 789 00012", as French documents group them. */
export function groupCompanyNumber(digits: string): string {
  return digits.length === 14
    ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 9)} ${digits.slice(9)}`
    : digits.replace(/(\d{3})(?=\d)/g, "$1 ");
}

/**
 * The French intra-community VAT number of a SIREN: FR, a 2-digit key, the SIREN. Only a business
 * registered for VAT has one; the console proposes it, the person confirms.
 */
export function frenchVatNumber(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return `FR${String(key).padStart(2, "0")}${siren}`;
}
