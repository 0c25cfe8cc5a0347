/**
 * The invoice numbering format of Paramètres › Facturation, e.g. 'F-{AAAA}-{NNNNN}': '{AAAA}' is the
 * year of issue, '{NNNNN}' the number in its sequence padded to as many digits as N's. Pure, so the
 * screen shows the example as it is typed and the server refuses the same formats.
 *
 * The rule: one number placeholder of 3 to 8 N's (a sequence must fit: 8 digits is 99 999 999
 * invoices), the year at most once, and otherwise letters, digits, '-', '_' and '/' only, 30
 * characters at most, so the number prints on one line, fits the Factur-X XML as it is and is a
 * valid file name once '/' is replaced.
 */

export const NUMBER_FORMAT_MAX = 30;
export const YEAR_PLACEHOLDER = "{AAAA}";

/** '{NNN}' to '{NNNNNNNN}'; a wider or narrower run of N's is refused with its own message. */
const COUNTER = /\{(N+)\}/g;
const PLACEHOLDER = /\{[^}]*\}/g;
const ALLOWED = /^[A-Za-z0-9_/-]*$/;

export const NUMBER_FORMAT_ERRORS = {
  empty: "Indiquez le format de numérotation, par exemple F-{AAAA}-{NNNNN}.",
  tooLong: `Le format compte ${NUMBER_FORMAT_MAX} caractères au plus.`,
  noCounter: "Le format doit contenir le numéro, de {NNN} à {NNNNNNNN} (autant de N que de chiffres).",
  counterWidth: "Le numéro compte de 3 à 8 chiffres : écrivez de {NNN} à {NNNNNNNN}.",
  twoCounters: "Le format ne contient qu'un seul numéro {NNNNN}.",
  twoYears: "L'année {AAAA} ne figure qu'une fois dans le format.",
  characters:
    "Seuls les lettres sans accent, les chiffres, - _ / et les repères {AAAA} et {NNNNN} sont permis.",
} as const;

/** What is wrong with `format`, in French, or null when invoices can be numbered with it. */
export function numberFormatProblem(format: string): string | null {
  if (format.trim() === "") return NUMBER_FORMAT_ERRORS.empty;
  if (format.length > NUMBER_FORMAT_MAX) return NUMBER_FORMAT_ERRORS.tooLong;
  const counters = [...format.matchAll(COUNTER)].map((match) => match[1]?.length ?? 0);
  const years = format.split(YEAR_PLACEHOLDER).length - 1;
  // Every placeholder must be the year or a counter; what is left between them is plain text.
  const unknown = (format.match(PLACEHOLDER) ?? []).some(
    (placeholder) => placeholder !== YEAR_PLACEHOLDER && !/^\{N+\}$/.test(placeholder),
  );
  if (unknown || !ALLOWED.test(format.replace(PLACEHOLDER, ""))) return NUMBER_FORMAT_ERRORS.characters;
  if (counters.length === 0) return NUMBER_FORMAT_ERRORS.noCounter;
  if (counters.length > 1) return NUMBER_FORMAT_ERRORS.twoCounters;
  const width = counters[0] ?? 0;
  if (width < 3 || width > 8) return NUMBER_FORMAT_ERRORS.counterWidth;
  if (years > 1) return NUMBER_FORMAT_ERRORS.twoYears;
  return null;
}

/** Whether the sequence restarts each year: the format holds the year. */
export const numberedPerYear = (format: string): boolean => format.includes(YEAR_PLACEHOLDER);

/** The sequence a format draws from in `year`: the year when the format prints it, else the one sequence ''. */
export const sequenceKeyOf = (format: string, year: string): string => (numberedPerYear(format) ? year : "");

/**
 * The number of the `n`-th invoice of `year` under a valid `format`:
 * formatInvoiceNumber('F-{AAAA}-{NNNNN}', 2027, 42) is 'F-2027-00042'. A number wider than its
 * placeholder is written whole rather than cut (numbers never repeat).
 */
export function formatInvoiceNumber(format: string, year: number, n: number): string {
  return format
    .replaceAll(YEAR_PLACEHOLDER, String(year).padStart(4, "0"))
    .replace(COUNTER, (_, ns: string) => String(n).padStart(ns.length, "0"));
}
