/** Dates as the centre reads them: French, in Paris time, the same on the server and in the browser. */
const date = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", dateStyle: "long" });
const shortDate = new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", dateStyle: "short" });
const dateTime = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Europe/Paris",
  dateStyle: "long",
  timeStyle: "short",
});

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export const formatDate = (value: Date | string) => date.format(asDate(value));
export const formatShortDate = (value: Date | string) => shortDate.format(asDate(value));
export const formatDateTime = (value: Date | string) => dateTime.format(asDate(value));

/** "3 formations", "1 formation", "0 formation" (French: singular below 2). */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${n} ${n >= 2 ? pluralForm : singular}`;
}
