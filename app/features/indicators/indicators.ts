/**
 * Published indicators (Qualiopi indicator 2), as a course page, its programme PDF, its JSON-LD and
 * Statistiques say them: per formation and per year (the Paris year a session ends), the rates
 * computed from the learners and the survey answers, each with its period and sample, or a sentence
 * saying the year has too few people yet. Pure: the counts come from indicators.server.ts.
 */
import {
  type ArchivedResult,
  archiveLabel,
  archiveTitle,
  formatRate,
  INSERTION_MONTHS,
  RESULT_LABELS,
} from "~/features/catalogue";
import { plural } from "~/platform/plural";

export const INDICATOR_KINDS = ["satisfaction", "completion", "abandon", "success", "insertion"] as const;
export type IndicatorKind = (typeof INDICATOR_KINDS)[number];

export const INDICATOR_TITLES: Record<IndicatorKind, string> = {
  satisfaction: "Taux de satisfaction",
  completion: "Taux d'achèvement",
  abandon: RESULT_LABELS.abandon.title,
  success: "Taux de réussite",
  // The computed rate's title, with the period it is computed with (INSERTION_MONTHS); an archive
  // says the period it was archived with (archiveTitle).
  insertion: RESULT_LABELS.insertion.title,
};

/** One formation's counts for one year; every field is a count of people or answers. */
export interface YearCounts {
  year: number;
  /** Learners of the sessions that ended this year, abandons included. */
  learners: number;
  /** Of those, 'Terminé·e'. */
  completed: number;
  /** Of those, 'Abandon' (their status, with its date). */
  droppedOut: number;
  /** Learners with a certification outcome (every outcome counts as presented). */
  presented: number;
  /** Of those, 'Certifié·e'. */
  certified: number;
  /** À-chaud survey: people asked, people who answered, answers ≥ 4/5 to the overall question, answers to it. */
  asked: number;
  answered: number;
  satisfied: number;
  overallAnswered: number;
  /** À-froid survey: people asked, in employment, answers to the situation question. */
  coldAsked: number;
  employed: number;
  situationAnswered: number;
}

export const EMPTY_COUNTS: Omit<YearCounts, "year"> = {
  learners: 0,
  completed: 0,
  droppedOut: 0,
  presented: 0,
  certified: 0,
  asked: 0,
  answered: 0,
  satisfied: 0,
  overallAnswered: 0,
  coldAsked: 0,
  employed: 0,
  situationAnswered: 0,
};

export interface Indicator {
  kind: IndicatorKind;
  title: string;
  year: number;
  /** 'Sessions terminées en 2026'. */
  period: string;
  /** Whole percent; null while the year has fewer people than the minimum. */
  rate: number | null;
  /** '12 réponses sur 14 stagiaires', or the sentence saying why no rate is shown. */
  detail: string;
}

export interface PublishedIndicators {
  /** Newest year first; in each, the kinds in INDICATOR_KINDS order. */
  years: { year: number; indicators: Indicator[] }[];
  /** Typed rates of years before the first computed one, newest first. */
  archives: ArchivedResult[];
}

const percent = (count: number, of: number) => Math.round((100 * count) / of);

/** What each kind counts: the rate's numerator and denominator, the noun of its sample, its detail. */
function measure(kind: IndicatorKind, c: YearCounts) {
  switch (kind) {
    case "satisfaction":
      // The sample printed is the rate's: the answers to the overall question, which a learner may
      // leave blank when it is not required (not every questionnaire answered).
      return {
        count: c.satisfied,
        of: c.overallAnswered,
        noun: "réponses",
        detail: `${plural(c.overallAnswered, "réponse")} sur ${plural(c.asked, "stagiaire")}`,
      };
    case "completion":
      return {
        count: c.completed,
        of: c.learners,
        noun: "stagiaires",
        detail: `${plural(c.completed, "stagiaire")} sur ${c.learners}, abandons compris`,
      };
    case "abandon":
      return {
        count: c.droppedOut,
        of: c.learners,
        noun: "stagiaires",
        detail: `${plural(c.droppedOut, "abandon")} sur ${plural(c.learners, "stagiaire")}`,
      };
    case "success":
      return {
        count: c.certified,
        of: c.presented,
        noun: "candidat·es présenté·es",
        detail: `${plural(c.certified, "certifié·e", "certifié·es")} sur ${plural(c.presented, "présenté·e", "présenté·es")}`,
      };
    case "insertion":
      return {
        count: c.employed,
        of: c.situationAnswered,
        noun: "réponses",
        detail: `${plural(c.employed, "personne")} en emploi sur ${plural(c.situationAnswered, "réponse")}`,
      };
  }
}

/** Whether the year has anything to say for this kind (someone asked, a learner, a candidate). */
function concerned(kind: IndicatorKind, c: YearCounts, certifying: boolean): boolean {
  if (kind === "satisfaction") return c.asked > 0 || c.overallAnswered > 0;
  if (kind === "completion" || kind === "abandon") return c.learners > 0;
  if (kind === "success") return certifying && c.presented > 0;
  return c.coldAsked > 0 || c.situationAnswered > 0;
}

/** One year's figure for one kind: its rate, or why it is not published yet. */
export function indicatorOf(kind: IndicatorKind, c: YearCounts, minAnswers: number): Indicator {
  const m = measure(kind, c);
  const title = INDICATOR_TITLES[kind];
  const period =
    kind === "insertion"
      ? `Sessions terminées en ${c.year}, situation ${INSERTION_MONTHS} mois après`
      : `Sessions terminées en ${c.year}`;
  if (m.of < minAnswers) {
    return {
      kind,
      title,
      year: c.year,
      period,
      rate: null,
      detail: `Résultats ${c.year}\u00a0: pas encore assez de ${m.noun} pour publier un taux (${m.of} sur ${minAnswers} nécessaires).`,
    };
  }
  return { kind, title, year: c.year, period, rate: percent(m.count, m.of), detail: m.detail };
}

/**
 * Every year with learners or surveys, newest first, each with the kinds it has something to say
 * about; then the archives of the years before the first computed one (an archive of a year the
 * site computes is not shown: the computed figure replaces it).
 */
export function publishedIndicators(
  counts: readonly YearCounts[],
  options: { certifying: boolean; minAnswers: number; archives: readonly ArchivedResult[] },
): PublishedIndicators {
  const years = [...counts]
    .sort((a, b) => b.year - a.year)
    .map((c) => ({
      year: c.year,
      indicators: INDICATOR_KINDS.filter((kind) => concerned(kind, c, options.certifying)).map((kind) =>
        indicatorOf(kind, c, options.minAnswers),
      ),
    }))
    .filter((y) => y.indicators.length > 0);
  const first = Math.min(...years.map((y) => y.year));
  const archives = options.archives.filter((a) => a.year < first).sort((a, b) => b.year - a.year);
  return { years, archives };
}

/** One line per figure, for the programme PDF: '92 % — Taux de satisfaction, sessions terminées en 2026 (12 réponses sur 14 stagiaires)'. */
export function indicatorLines(published: PublishedIndicators): string[] {
  const lines = published.years.flatMap((y) =>
    y.indicators.map((i) =>
      i.rate === null
        ? `${i.title} — ${i.detail}`
        : `${formatRate(i.rate)} — ${i.title}, ${i.period.toLowerCase()} (${i.detail})`,
    ),
  );
  for (const a of published.archives) lines.push(archiveLine(a));
  return lines;
}

/**
 * Only what is published as a figure: the rates whose sample reached the minimum, then the archives
 * (never the 'pas encore assez de réponses' sentences): what a feed such as the Lhéo export carries.
 */
export function publishedRateLines(published: PublishedIndicators): string[] {
  return indicatorLines({
    ...published,
    years: published.years.map((y) => ({ ...y, indicators: y.indicators.filter((i) => i.rate !== null) })),
  });
}

/** '89 % — Taux de réussite — Archive 2024, source : enquête interne (36 candidats)'. */
export function archiveLine(a: ArchivedResult): string {
  return `${formatRate(a.rate)} — ${archiveTitle(a)} — ${archiveLabel(a)} (${plural(a.sample, RESULT_LABELS[a.kind].people.replace(/s$/, ""), RESULT_LABELS[a.kind].people)})`;
}

/** The columns of Statistiques' 'Résultats publiés', on the screen and in its CSV. */
export const INDICATOR_TABLE_COLUMNS = ["Formation", "Année", "Indicateur", "Taux", "Échantillon"] as const;

/**
 * Statistiques' 'Résultats publiés' as rows of cells: per formation, one row per year and
 * indicator (its rate, or '—' with why), then its archives. The screen's table and its CSV both
 * read these, so the file holds what the screen shows, cell for cell.
 */
export function indicatorTableRows(
  formations: readonly { id: string; title: string; indicators: PublishedIndicators }[],
): { key: string; cells: string[] }[] {
  return formations.flatMap((f) => [
    ...f.indicators.years.flatMap((y) =>
      y.indicators.map((i) => ({
        key: `${f.id}-${y.year}-${i.kind}`,
        cells: [f.title, String(y.year), i.title, i.rate === null ? "—" : formatRate(i.rate), i.detail],
      })),
    ),
    ...f.indicators.archives.map((a) => ({
      key: `${f.id}-archive-${a.kind}-${a.year}`,
      cells: [f.title, String(a.year), "Archive", formatRate(a.rate), archiveLine(a)],
    })),
  ]);
}

/**
 * The figures as schema.org PropertyValues on the Course, for search engines: published rates only,
 * each named with its year and described with its period and sample.
 */
export function indicatorsJsonLd(published: PublishedIndicators): Record<string, unknown> {
  const values = published.years.flatMap((y) =>
    y.indicators
      .filter((i) => i.rate !== null)
      .map((i) => ({
        "@type": "PropertyValue",
        name: `${i.title} ${i.year}`,
        value: i.rate,
        unitText: "%",
        description: `${i.period}\u00a0: ${i.detail}`,
      })),
  );
  const archived = published.archives.map((a) => ({
    "@type": "PropertyValue",
    name: `${archiveTitle(a)} ${a.year}`,
    value: a.rate,
    unitText: "%",
    description: archiveLabel(a),
  }));
  const all = [...values, ...archived];
  return all.length ? { additionalProperty: all } : {};
}
