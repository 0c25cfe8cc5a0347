/**
 * Results as rates with their year and how many people they count (Qualiopi indicator 2). The rates
 * of the years the centre uses the site are computed from its learners and survey answers
 * (features/indicators); staff may only type an archive: a rate of a year before that, with its
 * source ('Archive 2024, source : enquête interne').
 */
export const RESULT_KINDS = ["satisfaction", "reussite", "insertion", "recommandation", "abandon"] as const;
export type ResultKind = (typeof RESULT_KINDS)[number];

export interface FormationResult {
  kind: ResultKind;
  year: number;
  /** Percentage, 0 to 100. */
  rate: number;
  /** People counted (respondents, candidates, leavers): at least 1. */
  sample: number;
}

/** A rate typed by staff for a year before the centre used the site, with where it comes from. */
export interface ArchivedResult extends FormationResult {
  /** 'enquête interne', 'résultats du certificateur'… */
  source: string;
  /**
   * An insertion rate's period, in months after the session's last day, as it was archived: a rate
   * typed when the label said '6 mois' keeps its 6 (migration 0047_insertion_period) whatever INSERTION_MONTHS says
   * now. Absent on the other kinds.
   */
  months?: number;
}

/** The period an archived insertion rate was measured with: its own, or the current one when it has none. */
export const archivedMonths = (result: Pick<ArchivedResult, "months">) => result.months ?? INSERTION_MONTHS;

/**
 * An archive's title: 'Taux de réussite'; for an insertion rate, with the period it was archived
 * with ('Taux d'insertion à 6 mois'), never the period the site computes today.
 */
export function archiveTitle(result: Pick<ArchivedResult, "kind" | "months">): string {
  return result.kind === "insertion"
    ? `Taux d'insertion à ${archivedMonths(result)} mois`
    : RESULT_LABELS[result.kind].title;
}

/** 'Archive 2024, source : enquête interne'. */
export function archiveLabel(result: Pick<ArchivedResult, "year" | "source">): string {
  return `Archive ${result.year}, source\u00a0: ${result.source}`;
}

/**
 * The one period of the insertion rate, in calendar months after the last day of the learner's
 * session: its title on the course page, in its programme PDF, JSON-LD and Statistiques, the typed
 * archives' title, the surveys' screens, and the answers the rate counts (given at least this many
 * months after, features/surveys/figures.server.ts) all read it, so the label never says another
 * period than the one computed.
 */
export const INSERTION_MONTHS = 3;

/** 'd'insertion à 3 mois': the insertion rate's phrase, with its period. */
const INSERTION_PHRASE = `d'insertion à ${INSERTION_MONTHS} mois`;

/** What each figure says and whom its sample counts (plural noun). */
export const RESULT_LABELS: Record<ResultKind, { title: string; phrase: string; people: string }> = {
  satisfaction: { title: "Taux de satisfaction", phrase: "de satisfaction", people: "répondants" },
  reussite: { title: "Taux de réussite", phrase: "de réussite", people: "candidats" },
  insertion: { title: `Taux ${INSERTION_PHRASE}`, phrase: INSERTION_PHRASE, people: "sortants" },
  recommandation: {
    title: "Taux de recommandation",
    phrase: "de nos apprenants recommandent le centre",
    people: "répondants",
  },
  abandon: { title: "Taux d'abandon", phrase: "d'abandon", people: "stagiaires" },
};

const number = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 });

/** '98 %' with the narrow no-break space French typography puts before %. */
export function formatRate(rate: number): string {
  return `${number.format(rate)}\u202f%`;
}

/** '2025, 214 répondants' (one person: '1 répondant'). */
export function resultSource(result: Pick<FormationResult, "kind" | "year" | "sample">): string {
  const people = RESULT_LABELS[result.kind].people;
  return `${result.year}, ${number.format(result.sample)} ${result.sample > 1 ? people : people.replace(/s$/, "")}`;
}

/**
 * The centre's figure for each kind, from its formations' results: the latest year recorded for
 * that kind, the rate weighted by each formation's sample, and the total sample. Kinds nobody
 * recorded are absent.
 */
export function centreFigures(results: readonly (readonly FormationResult[])[]): FormationResult[] {
  const figures: FormationResult[] = [];
  for (const kind of RESULT_KINDS) {
    const all = results.flat().filter((r) => r.kind === kind);
    if (all.length === 0) continue;
    const year = Math.max(...all.map((r) => r.year));
    const latest = all.filter((r) => r.year === year);
    const sample = latest.reduce((sum, r) => sum + r.sample, 0);
    const rate = latest.reduce((sum, r) => sum + r.rate * r.sample, 0) / sample;
    figures.push({ kind, year, rate: Math.round(rate), sample });
  }
  return figures;
}

export function figureOf(figures: readonly FormationResult[], kind: ResultKind): FormationResult | undefined {
  return figures.find((f) => f.kind === kind);
}
