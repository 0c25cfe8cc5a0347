/**
 * An amount in euros as French readers expect it, exactly: "1 200,50 €", "1 200 €". Cents are shown
 * whenever there are any (a price of 1200.5 must not read "1 201 €"), never rounded away.
 */
const whole = new Intl.NumberFormat("fr-FR", {
  style: "currency",
  currency: "EUR",
  maximumFractionDigits: 0,
});
const cents = new Intl.NumberFormat("fr-FR", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 2,
});

export function formatEuros(amount: number): string {
  return Number.isInteger(amount) ? whole.format(amount) : cents.format(amount);
}

/*
 * Money kept exact: invoices, payments and funding plans hold integer cents, never floating euros.
 * Sums and products are made on integers; only display turns cents into "1 234,50 €".
 */

const centsFormat = new Intl.NumberFormat("fr-FR", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "1 234,50 €" (narrow no-break spaces, as fr-FR writes them); always two decimals, as an invoice prints. */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  return centsFormat.format(cents / 100);
}

/** "1234.50" for XML and CSV: a dot, two decimals, no grouping, exact from the integer. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Above this an amount is a typing mistake, not a training's price (ten million euros). */
export const MAX_CENTS = 1_000_000_000;

/**
 * What a person typed as an amount in euros, read exactly into cents: "1 234,50", "1234.5", "1 234 €",
 * "80". Null when it is not an amount with at most two decimals (the caller says so in French). Signs are
 * refused: a negative amount is never typed, a credit note is its own document.
 */
export function parseEurosToCents(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f€]/g, "").replace(",", ".");
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents <= MAX_CENTS ? cents : null;
}

/**
 * An amount times a quantity in hundredths (3,5 h is 350), rounded half away from zero to the cent, on
 * integers: 350 × 4 550 / 100 = 15 925 cents, exactly.
 */
export function timesHundredths(cents: number, hundredths: number): number {
  const product = cents * hundredths;
  const sign = product < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(product) + 50) / 100);
}

/** A rate in basis points (2000 is 20 %) of an amount, rounded half away from zero to the cent. */
export function rateOf(cents: number, basisPoints: number): number {
  const product = cents * basisPoints;
  const sign = product < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(product) + 5000) / 10000);
}
