/**
 * The Qualiopi board's facts, counted by PostgreSQL in a few grouped queries run side by side (no loop
 * over rows but the published formations' completeness check), then read by each indicator's rule
 * (rules.ts). Also the centre's answers the board cannot derive (quality_settings), which make some
 * indicators apply.
 */
import { eq, sql } from "drizzle-orm";
import { absenceAlertFacts } from "~/features/attendance/index.server";
import { missingQualiopiItems } from "~/features/catalogue";
import { formations } from "~/features/catalogue/schema.server";
import { allFormationIndicators } from "~/features/indicators/index.server";
import { positioningFacts } from "~/features/positioning/index.server";
import { getCentreSettings } from "~/features/settings/index.server";
import {
  SURVEY_AUDIENCE_LABELS,
  SURVEY_AUDIENCES,
  stakeholderResponseCounts,
} from "~/features/surveys/index.server";
import { addDays, formatDate, parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import type { QualityScope } from "./referential";
import { boardRows, type IndicatorRow, provenCount, type QualityFacts } from "./rules";
import { qualitySettings } from "./schema.server";
import { WATCH_KINDS, type WatchKind } from "./vocabulary";

/** Paramètres' category that makes the centre a CFA (apprenticeship indicators). */
export const APPRENTICESHIP_CATEGORY = "Actions de formation par apprentissage";

export type QualitySettings = typeof qualitySettings.$inferSelect;

export const DEFAULT_QUALITY_SETTINGS: Omit<QualitySettings, "updatedAt"> = {
  id: 1,
  certifying: null,
  alternance: false,
  subcontracting: false,
  satisfactionThreshold: 80,
  complaintDelayDays: 30,
};

/** The centre's answers (the row the migration inserts; its defaults before it exists). */
export async function getQualitySettings(db: Db): Promise<Omit<QualitySettings, "updatedAt">> {
  const [row] = await db.select().from(qualitySettings).where(eq(qualitySettings.id, 1));
  return row ?? DEFAULT_QUALITY_SETTINGS;
}

const YEAR_DAYS = 365;

interface Counts {
  startedLearners: number;
  convoked: number;
  endedLearners: number;
  attested: number;
  dropouts: number;
  certificationOutcomes: number;
  pastSlots: number;
  slotsWithAttendance: number;
  plannedSlots: number;
  slotsWithTrainer: number;
  absences: number;
  applications: number;
  applicationsWithNeeds: number;
  articles: number;
  activeTrainers: number;
  qualifiedTrainers: number;
  partners: number;
  improvementsDone: number;
  improvementsOpen: number;
  complaints: number;
  lateComplaints: number;
}

/**
 * Every count the rules read but the formations' and the surveys': one statement of scalar
 * subqueries, each over its own table and index. `since`: the day 12 months ago (Paris); a learner's
 * convocation counts when sent (Paris day) before the session's first day.
 */
function counts(db: Db, today: string, since: string, sinceAt: Date, delayDays: number) {
  const valid = (kind: string) =>
    sql`exists (select 1 from trainer_documents d where d.trainer_id = t.id and d.kind = ${kind}
                and (d.expires_on is null or d.expires_on >= ${today}::date))`;
  const sentBefore = (kind: string, day: ReturnType<typeof sql>) =>
    sql`exists (select 1 from learner_documents d where d.learner_id = l.id and d.session_id = s.id
                and d.kind = ${kind} and d.sent_at is not null
                and (d.sent_at at time zone 'Europe/Paris')::date ${day})`;
  const started = sql`s.start_date >= ${since}::date and s.start_date <= ${today}::date`;
  const ended = sql`s.end_date >= ${since}::date and s.end_date < ${today}::date`;
  const pastSlot = sql`sl.day >= ${since}::date and sl.day < ${today}::date
    and exists (select 1 from learners l where l.session_id = sl.session_id)`;
  return rows<Counts>(
    db,
    sql`
    select
      (select count(*) from learners l join formation_sessions s on s.id = l.session_id where ${started})::int
        as "startedLearners",
      (select count(*) from learners l join formation_sessions s on s.id = l.session_id
        where ${started} and ${sentBefore("convocation", sql`< s.start_date`)})::int as "convoked",
      (select count(*) from learners l join formation_sessions s on s.id = l.session_id
        where ${ended} and l.status <> 'dropped_out')::int as "endedLearners",
      (select count(*) from learners l join formation_sessions s on s.id = l.session_id
        where ${ended} and l.status <> 'dropped_out' and ${sentBefore("attestation", sql`is not null`)})::int
        as "attested",
      (select count(*) from learners l join formation_sessions s on s.id = l.session_id
        where s.end_date >= ${since}::date and l.status = 'dropped_out')::int as "dropouts",
      (select count(*) from learners l join formation_sessions s on s.id = l.session_id
        join formations f on f.id = s.formation_id
        where s.end_date >= ${since}::date and f.certifying and l.certification is not null)::int
        as "certificationOutcomes",
      (select count(*) from session_slots sl where ${pastSlot})::int as "pastSlots",
      (select count(*) from session_slots sl where ${pastSlot}
        and exists (select 1 from attendance_entries e where e.slot_id = sl.id))::int as "slotsWithAttendance",
      (select count(*) from session_slots sl where sl.day >= ${since}::date)::int as "plannedSlots",
      (select count(*) from session_slots sl where sl.day >= ${since}::date and sl.trainer_id is not null)::int
        as "slotsWithTrainer",
      (select count(*) from attendance_entries e join session_slots sl on sl.id = e.slot_id
        where sl.day >= ${since}::date and e.status = 'absent' and e.corrects_id is null)::int as "absences",
      (select count(*) from applications a where a.created_at >= ${sinceAt})::int as "applications",
      (select count(*) from applications a where a.created_at >= ${sinceAt}
        and btrim(a.situation) <> '' and btrim(a.motivation) <> '')::int as "applicationsWithNeeds",
      (select count(*) from blog_posts b where b.published)::int as "articles",
      (select count(*) from trainers t where t.active)::int as "activeTrainers",
      (select count(*) from trainers t where t.active and ${valid("cv")} and ${valid("diplome")})::int
        as "qualifiedTrainers",
      (select count(*) from disability_partners)::int as "partners",
      (select count(*) from improvement_actions i where i.state = 'done' and i.done_at >= ${sinceAt}
        and btrim(i.result) <> '')::int as "improvementsDone",
      (select count(*) from improvement_actions i where i.state in ('proposed', 'in_progress'))::int
        as "improvementsOpen",
      (select count(*) from complaints c where c.created_at >= ${sinceAt})::int as "complaints",
      (select count(*) from complaints c where c.created_at >= ${sinceAt}
        and coalesce(c.handled_at, now()) > c.created_at + make_interval(days => ${delayDays}::int))::int
        as "lateComplaints"`,
  );
}

/** Per kind of watch, the entries of the last 12 months and the latest day. */
async function watchCounts(db: Db, since: string): Promise<QualityFacts["watch"]> {
  const found = await rows<{ kind: WatchKind; count: number; latest: string | null }>(
    db,
    sql`select kind, count(*)::int as "count", max(seen_on)::text as "latest"
          from watch_entries where seen_on >= ${since}::date group by kind`,
  );
  return Object.fromEntries(
    WATCH_KINDS.map((kind) => {
      const row = found.find((r) => r.kind === kind);
      return [kind, { count: row?.count ?? 0, latest: row?.latest ? formatDate(row.latest) : null }];
    }),
  ) as QualityFacts["watch"];
}

/** The published formations' course records, checked item by item (missingQualiopiItems). */
async function formationFacts(db: Db) {
  const published = await db.select().from(formations).where(eq(formations.active, true));
  const filled = (v: string | null) => Boolean(v?.trim());
  const certifying = published.filter((f) => f.certifying || f.rncpCode !== null);
  const latest = published.reduce<Date | null>((at, f) => (!at || f.updatedAt > at ? f.updatedAt : at), null);
  return {
    published: published.length,
    incomplete: published
      .map((f) => ({ id: f.id, title: f.title, missing: missingQualiopiItems(f) }))
      .filter((f) => f.missing.length > 0),
    withObjectives: published.filter((f) => f.objectives.some((o) => filled(o))).length,
    withContent: published.filter(
      (f) => (f.program.length > 0 || filled(f.content)) && filled(f.teachingMethods),
    ).length,
    certifying: certifying.length,
    // Complete for indicator 3: nothing missing beyond what indicator 1 asks of every formation.
    certifyingComplete: certifying.filter(
      (f) =>
        missingQualiopiItems({ ...f, certifying: true }).length ===
        missingQualiopiItems({ ...f, certifying: false }).length,
    ).length,
    latestUpdate: latest ? formatDate(latest) : null,
    catalogueCertifying: certifying.length > 0,
    publishedIds: new Set(published.map((f) => f.id)),
  };
}

export interface QualityBoard {
  rows: IndicatorRow[];
  proven: number;
  applicable: number;
  scopes: QualityScope[];
  settings: Omit<QualitySettings, "updatedAt">;
  /** Whether the catalogue holds a formation leading to a certification (the 'certifying' default). */
  catalogueCertifying: boolean;
  apprenticeship: boolean;
}

/** The board: the facts counted, each indicator's state for the scopes that apply to this centre. */
/**
 * Which scoped indicators apply to the centre: apprenticeship from Paramètres' category, alternance for
 * an apprenticeship centre or when the centre says so, certifying from the centre's answer or else from
 * the catalogue (`catalogueCertifying`), subcontracting from its answer. The board and the evidence pack
 * read the same.
 */
export function qualityScopes(
  settings: Pick<QualitySettings, "certifying" | "alternance" | "subcontracting">,
  centre: { qualiopiCategories: readonly string[] },
  catalogueCertifying: boolean,
): Set<QualityScope> {
  const apprenticeship = centre.qualiopiCategories.includes(APPRENTICESHIP_CATEGORY);
  const scopes = new Set<QualityScope>();
  if (settings.certifying ?? catalogueCertifying) scopes.add("certifying");
  if (apprenticeship) scopes.add("apprenticeship");
  if (apprenticeship || settings.alternance) scopes.add("alternance");
  if (settings.subcontracting) scopes.add("subcontracting");
  return scopes;
}

export async function qualityBoard(db: Db, now = new Date()): Promise<QualityBoard> {
  const today = parisToday(now);
  const since = addDays(today, -YEAR_DAYS);
  const sinceAt = new Date(now.getTime() - YEAR_DAYS * 86_400_000);
  const settings = await getQualitySettings(db);
  const [[c], watch, formationsFacts, results, centre, stakeholders, alerts, entries] = await Promise.all([
    counts(db, today, since, sinceAt, settings.complaintDelayDays),
    watchCounts(db, since),
    formationFacts(db),
    allFormationIndicators(db, now),
    getCentreSettings(db),
    stakeholderResponseCounts(db, { from: sinceAt, to: now }),
    absenceAlertFacts(db, sinceAt),
    positioningFacts(db, since, today),
  ]);
  if (!c) throw new Error("Qualiopi counts returned no row");
  const others = SURVEY_AUDIENCES.filter((a) => a !== "learner" && stakeholders[a].answered > 0);
  const { catalogueCertifying, publishedIds: _ids, ...formationCounts } = formationsFacts;
  const facts: QualityFacts = {
    formations: formationCounts,
    results: {
      published: formationCounts.published,
      shown: results.filter(
        (r) =>
          formationsFacts.publishedIds.has(r.id) &&
          (r.indicators.archives.length > 0 ||
            r.indicators.years.some((y) => y.indicators.some((i) => i.rate !== null))),
      ).length,
    },
    applications: { recent: c.applications, withNeeds: c.applicationsWithNeeds },
    entries,
    convocations: { learners: c.startedLearners, convoked: c.convoked },
    attestations: { learners: c.endedLearners, attested: c.attested },
    slots: {
      past: c.pastSlots,
      withAttendance: c.slotsWithAttendance,
      planned: c.plannedSlots,
      withTrainer: c.slotsWithTrainer,
    },
    absences: c.absences,
    dropouts: c.dropouts,
    absenceAlerts: alerts,
    certificationOutcomes: c.certificationOutcomes,
    articles: c.articles,
    trainers: { active: c.activeTrainers, qualified: c.qualifiedTrainers },
    watch,
    partners: c.partners,
    referentName: centre.referentName.trim(),
    stakeholders: {
      learnersAnswered: stakeholders.learner.answered,
      othersAnswered: others.reduce((n, a) => n + stakeholders[a].answered, 0),
      othersGroups: others.map((a) => SURVEY_AUDIENCE_LABELS[a]),
    },
    complaints: {
      recent: c.complaints,
      late: c.lateComplaints,
      delayDays: settings.complaintDelayDays,
    },
    improvements: { doneWithResult: c.improvementsDone, open: c.improvementsOpen },
  };
  const scopes = qualityScopes(settings, centre, catalogueCertifying);
  const boardRowsFound = boardRows(facts, scopes);
  return {
    rows: boardRowsFound,
    ...provenCount(boardRowsFound),
    scopes: [...scopes],
    settings,
    catalogueCertifying,
    apprenticeship: scopes.has("apprenticeship"),
  };
}
