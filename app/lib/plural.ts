/**
 * French plural agreement for a count: "1 formation trouvée", "5 formations trouvées".
 * French treats 0 and 1 as singular ("0 formation trouvée").
 */
export function plural(count: number, singular: string, pluralForm: string): string {
  return `${count} ${Math.abs(count) < 2 ? singular : pluralForm}`;
}
