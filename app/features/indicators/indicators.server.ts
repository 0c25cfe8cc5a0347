/**
 * The counts behind every published indicator, computed by PostgreSQL (one grouped query over the
 * learners, one over the survey answers), never by looping over rows: per formation and per year,
 * the year being the Paris calendar year of the session's last day. The one place the course page,
 * its programme PDF, its JSON-LD, the dashboard, the home page and Statistiques read them from.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import {
  type ArchivedResult,
  centreFigures,
  type FormationResult,
  type ResultKind,
} from "~/features/catalogue";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { learners } from "~/features/learners/schema.server";
import { getCentreSettings } from "~/features/settings/index.server";
import { surveyFigures } from "~/features/surveys/index.server";
import type { Db } from "~/platform/db/client.server";
import { formatIsoDay } from "~/platform/paris-time";
import {
  EMPTY_COUNTS,
  type PublishedIndicators,
  publishedIndicators,
  publishedRateLines,
  type YearCounts,
} from "./indicators";

/** The session's end year: its end date is a calendar day of the centre (Paris), so its own year. */
const endYear = sql<number>`extract(year from ${formationSessions.endDate})::int`;

/**
 * Learners of the sessions that have ended (last day before today in Paris), per formation and
 * year: all of them (abandons included), the finished ones, the ones who dropped out, those with a
 * certification outcome and the certified ones. A session still running counts nowhere yet: its learners are not done.
 */
async function learnerCounts(db: Db, formationId: string | undefined, today: string) {
  const ended = lt(formationSessions.endDate, today);
  return db
    .select({
      formationId: formationSessions.formationId,
      year: endYear,
      learners: sql<number>`count(*)::int`,
      completed: sql<number>`(count(*) filter (where ${learners.status} = 'completed'))::int`,
      droppedOut: sql<number>`(count(*) filter (where ${learners.status} = 'dropped_out'))::int`,
      presented: sql<number>`(count(*) filter (where ${learners.certification} is not null))::int`,
      certified: sql<number>`(count(*) filter (where ${learners.certification} = 'certified'))::int`,
    })
    .from(learners)
    .innerJoin(formationSessions, eq(formationSessions.id, learners.sessionId))
    .where(formationId ? and(ended, eq(formationSessions.formationId, formationId)) : ended)
    .groupBy(formationSessions.formationId, sql`extract(year from ${formationSessions.endDate})`);
}

/** Every formation's counts per year (only the formation asked for when given), years in no order. */
export async function indicatorCounts(
  db: Db,
  options: { formationId?: string; now?: Date } = {},
): Promise<Map<string, YearCounts[]>> {
  const today = formatIsoDay(options.now ?? new Date());
  const [people, surveys] = await Promise.all([
    learnerCounts(db, options.formationId, today),
    surveyFigures(db, options.formationId ? { formationId: options.formationId } : {}),
  ]);
  const byKey = new Map<string, YearCounts & { formationId: string }>();
  const entry = (formationId: string, year: number) => {
    const key = `${formationId}:${year}`;
    let found = byKey.get(key);
    if (!found) {
      found = { formationId, year, ...EMPTY_COUNTS };
      byKey.set(key, found);
    }
    return found;
  };
  for (const p of people) Object.assign(entry(p.formationId, p.year), p);
  for (const s of surveys) {
    const e = entry(s.formationId, s.year);
    if (s.wave === "a_chaud") {
      e.asked += s.asked;
      e.answered += s.answered;
      e.satisfied += s.satisfied;
      e.overallAnswered += s.overallAnswered;
    } else {
      e.coldAsked += s.asked;
      e.employed += s.employed;
      e.situationAnswered += s.situationAnswered;
    }
  }
  const result = new Map<string, YearCounts[]>();
  for (const { formationId, ...counts } of byKey.values()) {
    result.set(formationId, [...(result.get(formationId) ?? []), counts]);
  }
  return result;
}

/** The minimum number of answers (or learners) a year needs before its rate is published (Paramètres). */
export async function minResultAnswers(db: Db): Promise<number> {
  return (await getCentreSettings(db)).minResultAnswers;
}

/**
 * One formation's published indicators: every year with learners or surveys (a figure, or the
 * sentence saying it has too few answers yet) and its archives of the years before.
 */
export async function formationIndicators(
  db: Db,
  formation: { id: string; certifying: boolean; results: readonly ArchivedResult[] },
  now?: Date,
): Promise<PublishedIndicators> {
  const [counts, minAnswers] = await Promise.all([
    indicatorCounts(db, { formationId: formation.id, now }),
    minResultAnswers(db),
  ]);
  return publishedIndicators(counts.get(formation.id) ?? [], {
    certifying: formation.certifying,
    minAnswers,
    archives: formation.results,
  });
}

/** Every formation that has something to publish, with its indicators, in the catalogue's order. */
export async function allFormationIndicators(
  db: Db,
  now?: Date,
): Promise<{ id: string; title: string; indicators: PublishedIndicators }[]> {
  const [rows, counts, minAnswers] = await Promise.all([
    db
      .select({
        id: formations.id,
        title: formations.title,
        certifying: formations.certifying,
        results: formations.results,
      })
      .from(formations)
      .orderBy(formations.position, formations.title),
    indicatorCounts(db, { now }),
    minResultAnswers(db),
  ]);
  return rows
    .map((f) => ({
      id: f.id,
      title: f.title,
      indicators: publishedIndicators(counts.get(f.id) ?? [], {
        certifying: f.certifying,
        minAnswers,
        archives: f.results,
      }),
    }))
    .filter((f) => f.indicators.years.length > 0 || f.indicators.archives.length > 0);
}

/** Each formation's published rates and archives as lines, for the Lhéo export (app/boot hands it in). */
export async function lheoResultLines(
  db: Db,
  formationIds: readonly string[],
): Promise<ReadonlyMap<string, readonly string[]>> {
  const wanted = new Set(formationIds);
  const all = await allFormationIndicators(db);
  return new Map(
    all.filter((f) => wanted.has(f.id)).map((f) => [f.id, publishedRateLines(f.indicators)] as const),
  );
}

/**
 * The centre's figures (home, Notre centre, dashboard): for satisfaction and success, the latest year
 * whose open formations together reach the minimum, their counts summed; any kind without such a
 * year takes the latest archives (centreFigures). Same shape as an archive without its source.
 */
export async function centreIndicatorFigures(
  db: Db,
  now?: Date,
): Promise<{ activeCount: number; figures: FormationResult[] }> {
  const [rows, counts, minAnswers] = await Promise.all([
    db
      .select({ id: formations.id, certifying: formations.certifying, results: formations.results })
      .from(formations)
      .where(eq(formations.active, true)),
    indicatorCounts(db, { now }),
    minResultAnswers(db),
  ]);
  const totals = new Map<
    number,
    { satisfied: number; answers: number; certified: number; presented: number }
  >();
  for (const f of rows) {
    for (const c of counts.get(f.id) ?? []) {
      const t = totals.get(c.year) ?? { satisfied: 0, answers: 0, certified: 0, presented: 0 };
      t.satisfied += c.satisfied;
      t.answers += c.overallAnswered;
      if (f.certifying) {
        t.certified += c.certified;
        t.presented += c.presented;
      }
      totals.set(c.year, t);
    }
  }
  const years = [...totals.entries()].sort((a, b) => b[0] - a[0]);
  const computed: FormationResult[] = [];
  const latest = (kind: ResultKind, count: "satisfied" | "certified", of: "answers" | "presented") => {
    const found = years.find(([, t]) => t[of] >= minAnswers);
    if (found) {
      const [year, t] = found;
      computed.push({ kind, year, rate: Math.round((100 * t[count]) / t[of]), sample: t[of] });
    }
  };
  latest("satisfaction", "satisfied", "answers");
  latest("reussite", "certified", "presented");
  const archived = centreFigures(rows.map((r) => r.results)).filter(
    (a) => !computed.some((c) => c.kind === a.kind),
  );
  return { activeCount: rows.length, figures: [...computed, ...archived] };
}
