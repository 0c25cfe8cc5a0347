/** Dates as the centre writes them: "16 août 2025", always in Paris time whatever the server's zone. */
const longDate = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Paris",
});

export function formatDateFr(value: Date | string): string {
  return longDate.format(typeof value === "string" ? new Date(value) : value);
}

/** The machine-readable form for <time dateTime> and JSON-LD. */
export function isoDate(value: Date | string): string {
  return (typeof value === "string" ? new Date(value) : value).toISOString();
}
