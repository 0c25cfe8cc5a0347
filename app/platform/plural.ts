const rules = new Intl.PluralRules("fr-FR");

/**
 * A count with its noun agreed the French way: "0 formation trouvée", "1 formation trouvée",
 * "5 formations trouvées" (French is singular below 2). The plural form defaults to the singular
 * plus "s".
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${rules.select(count) === "one" ? singular : pluralForm}`;
}
