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
