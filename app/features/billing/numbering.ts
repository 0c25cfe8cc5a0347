/**
 * Invoice numbers, as Paramètres › Facturation shapes them: 'F-{AAAA}-{NNNNN}' gives 'F-2027-00042'.
 * {AAAA} is the year of issue (Paris), and then each year has its own sequence; without it one
 * sequence runs for ever. {NNNNN} is the rank in the sequence, padded to as many digits as N's (a
 * rank past them is printed whole, never cut). Plain code without imports: the settings screen checks
 * the format with the same function the issuing code trusts.
 */

/** The rank's placeholder: 3 to 8 N's between braces. */
const RANK = /\{(N+)\}/g;
const YEAR = "{AAAA}";
const ALLOWED = /^[A-Za-z0-9\-_/{}]*$/;
export const NUMBER_FORMAT_MAX = 30;

/**
 * Why a number format cannot be used (a French sentence for the settings screen), or null when it
 * can: at most 30 characters, letters without accents, digits, - _ / and the two placeholders, the
 * rank exactly once with 3 to 8 N's, the year at most once. A format with the rank is enough to stay
 * unique: a centre that drops {AAAA} keeps one sequence.
 */
export function numberFormatProblem(format: string): string | null {
  if (format.trim() === "") return "Indiquez le format des numéros, par exemple F-{AAAA}-{NNNNN}.";
  if (format.length > NUMBER_FORMAT_MAX) return `Le format compte ${NUMBER_FORMAT_MAX} caractères au plus.`;
  if (!ALLOWED.test(format)) {
    return "Le format ne peut contenir que des lettres sans accent, des chiffres, les signes - _ / et les repères {AAAA} et {NNNNN}.";
  }
  const ranks = [...format.matchAll(RANK)];
  if (ranks.length === 0) {
    return "Le format doit contenir le numéro\u00a0: {NNNNN}, de 3 à 8 N (par exemple F-{AAAA}-{NNNNN}).";
  }
  if (ranks.length > 1) return "Le numéro {NNNNN} ne peut figurer qu'une fois dans le format.";
  const digits = ranks[0]?.[1]?.length ?? 0;
  if (digits < 3 || digits > 8) return "Le numéro compte de 3 à 8 chiffres\u00a0: de {NNN} à {NNNNNNNN}.";
  if (format.split(YEAR).length > 2) return "L'année {AAAA} ne peut figurer qu'une fois dans le format.";
  // What is left once the two placeholders are gone holds no brace: '{AA}' or a lone '{' is a typo.
  if (/[{}]/.test(format.replace(RANK, "").replace(YEAR, ""))) {
    return "Entre accolades, seuls {AAAA} (l'année) et {NNNNN} (le numéro) sont permis.";
  }
  return null;
}

/** The sequence a format draws from in `year`: the year when the format prints it, else the one sequence ''. */
export function sequenceKeyOf(format: string, year: string): string {
  return format.includes(YEAR) ? year : "";
}

/** The number printed for rank `rank` drawn in `year` ('F-2027-00042'). */
export function formatInvoiceNumber(format: string, year: string, rank: number): string {
  return format.replace(YEAR, year).replace(RANK, (_, n: string) => String(rank).padStart(n.length, "0"));
}
