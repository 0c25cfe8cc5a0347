import { type SQL, sql } from "drizzle-orm";
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  type ApplicationStatusValue,
} from "~/features/applications";
import { sourceLabel } from "~/features/leads";
import { CSV_BOM, csvLine } from "~/platform/csv.server";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import {
  bucketLabel,
  bucketUnit,
  CHART_IDS,
  type ChartId,
  delayText,
  frenchNumber,
  mailKindLabel,
  type Period,
  percent,
  type StatChart,
  shortDay,
} from "./statistics";

/*
 * Every figure of the Statistiques screen is computed by PostgreSQL (group by, date_trunc in Paris
 * time, percentile_cont): the server never loads the requests themselves, so 100 000 of them cost a
 * few grouped scans of the created_at index. The same SQL runs on PGlite and PostgreSQL.
 */

/** The SQL of a period: its bounds, and the Paris week or month of a timestamp column. */
function periodSql(period: Period, now: Date) {
  const unit = bucketUnit(period);
  const nowTs = sql`(${now.toISOString()}::timestamptz)`;
  const local = sql`(${nowTs} at time zone 'Europe/Paris')`;
  // The period starts at a Paris midnight: 30 days with today, or the 12th week or month back.
  const startLocal = {
    "30-jours": sql`(date_trunc('day', ${local}) - interval '29 days')`,
    "12-semaines": sql`(date_trunc('week', ${local}) - interval '11 weeks')`,
    "12-mois": sql`(date_trunc('month', ${local}) - interval '11 months')`,
  }[period];
  const start = sql`(${startLocal} at time zone 'Europe/Paris')`;
  const unitSql = sql.raw(`'${unit}'`);
  return {
    unit,
    nowTs,
    local,
    startLocal,
    unitSql,
    /** Rows of `column` inside the period. */
    within: (column: SQL) => sql`${column} >= ${start} and ${column} <= ${nowTs}`,
    /** The Paris week or month of `column`, as the timestamp of its first midnight (group on this). */
    bucket: (column: SQL) => sql`date_trunc(${unitSql}, ${column}, 'Europe/Paris')`,
    /** A bucket as its first Paris day, 'YYYY-MM-DD': written once per group, not once per row. */
    day: (bucket: SQL) => sql`to_char(${bucket} at time zone 'Europe/Paris', 'YYYY-MM-DD')`,
  };
}

type PeriodSql = ReturnType<typeof periodSql>;

interface Outline {
  startDay: string;
  endDay: string;
  buckets: string[];
}

async function outline(db: Db, p: PeriodSql): Promise<Outline> {
  const [bounds] = await rows<{ start_day: string; end_day: string }>(
    db,
    sql`select to_char(${p.startLocal}, 'YYYY-MM-DD') as start_day, to_char(${p.local}, 'YYYY-MM-DD') as end_day`,
  );
  const buckets = await rows<{ day: string }>(
    db,
    sql`select to_char(g, 'YYYY-MM-DD') as day
        from generate_series(date_trunc(${p.unitSql}, ${p.startLocal}), date_trunc(${p.unitSql}, ${p.local}),
                             ${sql.raw(`interval '1 ${p.unit}'`)}) as g
        order by 1`,
  );
  return {
    startDay: bounds?.start_day ?? "",
    endDay: bounds?.end_day ?? "",
    buckets: buckets.map((b) => b.day),
  };
}

/**
 * Per request of the period: its Paris bucket and what its history says (first change out of 'new',
 * stages reached). Grouped on the request's key, so the planner expects one row per request (a CTE
 * joined to an aggregate made it expect millions, and PostgreSQL then spent seconds compiling JIT).
 */
function requestsWithHistory(p: PeriodSql): SQL {
  return sql`with r as (
      select q.created_at, ${p.bucket(sql`q.created_at`)} as bucket, q.status, q.callback_requested,
             min(c.created_at) filter (where c.from_status = 'new') as first_out,
             bool_or(c.to_status in ('contacted', 'converted')) as contacted,
             bool_or(c.to_status = 'converted') as converted
      from contact_requests q left join contact_status_changes c on c.contact_request_id = q.id
      where ${p.within(sql`q.created_at`)}
      group by q.id
    )`;
}

interface FunnelRow {
  day: string;
  received: number;
  contacted: number;
  converted: number;
  still_new: number;
  handled: number;
  median_hours: number | null;
  callbacks: number;
  waiting: number;
}

/** The funnel, delay and callback counts per bucket, and over the whole period (day ''). */
async function funnelRows(db: Db, p: PeriodSql): Promise<FunnelRow[]> {
  return rows<FunnelRow>(
    db,
    sql`${requestsWithHistory(p)}
      select case when grouping(r.bucket) = 0 then ${p.day(sql`r.bucket`)} else '' end as day,
        count(*)::int as received,
        (count(*) filter (where r.status in ('contacted', 'converted') or r.contacted))::int as contacted,
        (count(*) filter (where r.status = 'converted' or r.converted))::int as converted,
        (count(*) filter (where r.status = 'new'))::int as still_new,
        count(r.first_out)::int as handled,
        percentile_cont(0.5) within group (order by extract(epoch from r.first_out - r.created_at) / 3600)
          as median_hours,
        (count(*) filter (where r.callback_requested))::int as callbacks,
        (count(*) filter (where r.callback_requested and r.status = 'new'
                            and r.created_at < ${p.nowTs} - interval '48 hours'))::int as waiting
      from r
      group by grouping sets ((r.bucket), ())`,
  );
}

const NO_FUNNEL: FunnelRow = {
  day: "",
  received: 0,
  contacted: 0,
  converted: 0,
  still_new: 0,
  handled: 0,
  median_hours: null,
  callbacks: 0,
  waiting: 0,
};

const num = (n: number) => frenchNumber(n);
/** '1 demande reçue', '0 demande reçue', '12 demandes reçues': French is singular below 2. */
const counted = (n: number, one: string, many: string) => `${num(n)} ${n < 2 ? one : many}`;

function requestsBySource(
  o: Outline,
  unit: "week" | "month",
  counts: { day: string; source: string; n: number }[],
): StatChart {
  const totals = new Map<string, number>();
  for (const c of counts) totals.set(c.source, (totals.get(c.source) ?? 0) + c.n);
  const sources = [...totals.keys()].sort(
    (a, b) => (totals.get(b) ?? 0) - (totals.get(a) ?? 0) || a.localeCompare(b),
  );
  const at = new Map(counts.map((c) => [`${c.day}|${c.source}`, c.n]));
  const bars = o.buckets.map((day) => ({
    label: bucketLabel(unit, day),
    values: sources.map((s) => at.get(`${day}|${s}`) ?? 0),
  }));
  const total = counts.reduce((sum, c) => sum + c.n, 0);
  const busiest = bars.reduce<(typeof bars)[number] | null>((best, bar) => {
    const n = bar.values.reduce((a, b) => a + b, 0);
    return n > 0 && (!best || n > best.values.reduce((a, b) => a + b, 0)) ? bar : best;
  }, null);
  const per = unit === "week" ? "semaine" : "mois";
  return {
    id: "demandes-par-source",
    title: `Demandes par ${per} et par source`,
    description:
      total === 0
        ? "Aucune demande sur la période."
        : `${num(total)} demande${total > 1 ? "s" : ""} sur la période, ${sources
            .map((s) => `${sourceLabel(s)} : ${num(totals.get(s) ?? 0)}`)
            .join(
              ", ",
            )}.${busiest ? ` La plus chargée : ${busiest.label.toLowerCase()} (${num(busiest.values.reduce((a, b) => a + b, 0))}).` : ""}`,
    columns: [unit === "week" ? "Semaine" : "Mois", ...sources.map(sourceLabel), "Total"],
    rows: bars.map((b) => [b.label, ...b.values.map(num), num(b.values.reduce((a, v) => a + v, 0))]),
    series: sources.map(sourceLabel),
    bars,
    stacked: true,
  };
}

function requestsByFormation(counts: { formation: string; n: number }[]): StatChart {
  const total = counts.reduce((sum, c) => sum + c.n, 0);
  const label = (f: string) => f || "Non précisée";
  const top = counts[0];
  return {
    id: "demandes-par-formation",
    title: "Demandes par formation",
    description:
      total === 0 || !top
        ? "Aucune demande sur la période."
        : `${counts.length} formation${counts.length > 1 ? "s" : ""} ou sujet${counts.length > 1 ? "s" : ""} demandé${counts.length > 1 ? "s" : ""} ; en tête : ${label(top.formation)} (${num(top.n)}, ${percent(top.n, total)}).`,
    columns: ["Formation ou sujet", "Demandes", "Part"],
    rows: counts.map((c) => [label(c.formation), num(c.n), percent(c.n, total)]),
    series: ["Demandes"],
    bars: counts.map((c) => ({ label: label(c.formation), values: [c.n] })),
    stacked: false,
  };
}

function funnel(all: FunnelRow): StatChart {
  const stages: [string, number][] = [
    ["Reçues", all.received],
    ["Contactées", all.contacted],
    ["Converties", all.converted],
  ];
  return {
    id: "entonnoir",
    title: "Entonnoir des statuts",
    description:
      all.received === 0
        ? "Aucune demande sur la période."
        : `Sur ${counted(all.received, "demande reçue", "demandes reçues")}, ${counted(all.contacted, "a été contactée", "ont été contactées")} (${percent(all.contacted, all.received)}) et ${counted(all.converted, "convertie", "converties")} : taux de conversion ${percent(all.converted, all.received)}. ${counted(all.still_new, "est encore", "sont encore")} « Nouvelle ».`,
    columns: ["Étape", "Demandes", "Part des demandes reçues"],
    rows: stages.map(([label, n]) => [label, num(n), percent(n, all.received)]),
    series: ["Demandes"],
    bars: stages.map(([label, n]) => ({ label, values: [n] })),
    stacked: false,
  };
}

const hours = (h: number | null) => (h === null ? "—" : frenchNumber(h));

function firstContactDelay(
  o: Outline,
  unit: "week" | "month",
  byBucket: FunnelRow[],
  all: FunnelRow,
): StatChart {
  const at = new Map(byBucket.map((r) => [r.day, r]));
  const lines = o.buckets.map((day) => ({ day, row: at.get(day) ?? NO_FUNNEL }));
  return {
    id: "delai-premier-contact",
    title: "Délai médian avant le premier contact",
    description:
      all.median_hours === null
        ? "Aucune demande de la période n'a encore quitté le statut « Nouvelle »."
        : `Délai médian entre la réception d'une demande et son premier changement de statut : ${delayText(all.median_hours)}, sur ${num(all.handled)} demande${all.handled > 1 ? "s" : ""} traitée${all.handled > 1 ? "s" : ""}.`,
    columns: [unit === "week" ? "Semaine" : "Mois", "Demandes traitées", "Délai médian (heures)"],
    rows: lines.map(({ day, row }) => [bucketLabel(unit, day), num(row.handled), hours(row.median_hours)]),
    series: ["Délai médian"],
    bars: lines.map(({ day, row }) => ({
      label: bucketLabel(unit, day),
      values: [row.median_hours ?? 0],
      text: row.median_hours === null ? "—" : delayText(row.median_hours),
    })),
    stacked: false,
  };
}

function callbacks(o: Outline, unit: "week" | "month", byBucket: FunnelRow[], all: FunnelRow): StatChart {
  const at = new Map(byBucket.map((r) => [r.day, r]));
  const lines = o.buckets.map((day) => ({ label: bucketLabel(unit, day), row: at.get(day) ?? NO_FUNNEL }));
  return {
    id: "rappels",
    title: "Rappels demandés et en attente depuis plus de 48 h",
    description:
      all.callbacks === 0
        ? "Aucun rappel demandé sur la période."
        : `${num(all.callbacks)} rappel${all.callbacks > 1 ? "s" : ""} demandé${all.callbacks > 1 ? "s" : ""}, dont ${num(all.waiting)} encore « Nouvelle » plus de 48 h après la demande.`,
    columns: [unit === "week" ? "Semaine" : "Mois", "Rappels demandés", "En attente depuis plus de 48 h"],
    rows: lines.map(({ label, row }) => [label, num(row.callbacks), num(row.waiting)]),
    series: ["Rappels demandés", "En attente > 48 h"],
    bars: lines.map(({ label, row }) => ({ label, values: [row.callbacks, row.waiting] })),
    stacked: false,
  };
}

interface ApplicationCount {
  session_id: string;
  title: string;
  start_day: string;
  status: ApplicationStatusValue;
  n: number;
}

function applicationsChart(counts: ApplicationCount[]): StatChart {
  const statuses = APPLICATION_STATUSES.filter((s) => counts.some((c) => c.status === s));
  const sessions = [...new Map(counts.map((c) => [c.session_id, c])).values()];
  const at = new Map(counts.map((c) => [`${c.session_id}|${c.status}`, c.n]));
  const bars = sessions.map((s) => ({
    label: `${s.title} — ${shortDay(s.start_day)}`,
    values: statuses.map((status) => at.get(`${s.session_id}|${status}`) ?? 0),
  }));
  const total = counts.reduce((sum, c) => sum + c.n, 0);
  const labels = statuses.map((s) => APPLICATION_STATUS_LABELS[s]);
  return {
    id: "candidatures",
    title: "Candidatures par session et par statut",
    description:
      total === 0
        ? "Aucune candidature sur la période."
        : `${num(total)} candidature${total > 1 ? "s" : ""} reçue${total > 1 ? "s" : ""} sur ${sessions.length} session${sessions.length > 1 ? "s" : ""} : ${statuses
            .map(
              (s) =>
                `${APPLICATION_STATUS_LABELS[s]} ${num(counts.filter((c) => c.status === s).reduce((a, c) => a + c.n, 0))}`,
            )
            .join(", ")}.`,
    columns: ["Session", ...labels, "Total"],
    rows: bars.map((b) => [b.label, ...b.values.map(num), num(b.values.reduce((a, v) => a + v, 0))]),
    series: labels,
    bars,
    stacked: true,
  };
}

interface MailCount {
  kind: string;
  sent: number;
  failing: number;
  waiting: number;
}

export interface OldestWaitingMail {
  /** ISO time of the oldest undelivered e-mail (any period). */
  since: string;
  hours: number;
}

function mailChart(counts: MailCount[], oldest: OldestWaitingMail | null): StatChart {
  const sum = (key: "sent" | "failing" | "waiting") => counts.reduce((a, c) => a + c[key], 0);
  const oldestText = oldest
    ? ` Le plus ancien e-mail non remis attend depuis ${delayText(oldest.hours)}.`
    : " Aucun e-mail en attente.";
  return {
    id: "e-mails",
    title: "Remise des e-mails",
    description:
      counts.length === 0
        ? `Aucun e-mail sur la période.${oldestText}`
        : `${num(sum("sent"))} envoyés, ${num(sum("failing"))} en échec (nouvel essai automatique), ${num(sum("waiting"))} en attente.${oldestText}`,
    columns: ["Type d'e-mail", "Envoyés", "En échec", "En attente"],
    rows: counts.map((c) => [mailKindLabel(c.kind), num(c.sent), num(c.failing), num(c.waiting)]),
    series: ["Envoyés", "En échec", "En attente"],
    bars: counts.map((c) => ({ label: mailKindLabel(c.kind), values: [c.sent, c.failing, c.waiting] })),
    stacked: true,
  };
}

interface ComplaintCount {
  day: string;
  received: number;
  handled: number;
}

/** Complaints received per week or month, beside those that reached 'Traitée' or 'Close' in it. */
function complaintsChart(o: Outline, unit: "week" | "month", counts: ComplaintCount[]): StatChart {
  const at = new Map(counts.map((c) => [c.day, c]));
  const lines = o.buckets.map((day) => ({ label: bucketLabel(unit, day), row: at.get(day) }));
  const received = counts.reduce((a, c) => a + c.received, 0);
  const handled = counts.reduce((a, c) => a + c.handled, 0);
  return {
    id: "reclamations",
    title: `Réclamations par ${unit === "week" ? "semaine" : "mois"}`,
    description:
      received === 0 && handled === 0
        ? "Aucune réclamation reçue ni traitée sur la période."
        : `${num(received)} réclamation${received > 1 ? "s" : ""} reçue${received > 1 ? "s" : ""} et ${num(handled)} traitée${handled > 1 ? "s" : ""} sur la période.`,
    columns: [unit === "week" ? "Semaine" : "Mois", "Reçues", "Traitées"],
    rows: lines.map(({ label, row }) => [label, num(row?.received ?? 0), num(row?.handled ?? 0)]),
    series: ["Reçues", "Traitées"],
    bars: lines.map(({ label, row }) => ({ label, values: [row?.received ?? 0, row?.handled ?? 0] })),
    stacked: false,
  };
}

export interface Statistics {
  period: Period;
  startDay: string;
  endDay: string;
  /** ISO time the figures were computed at (the server's clock), shown as 'Chiffres à jour à …'. */
  computedAt: string;
  figures: {
    received: number;
    conversionRate: string;
    medianDelay: string | null;
    waitingCallbacks: number;
    failingMails: number;
    /** Complaints received in the period, and the median delay from receipt to 'Traitée' or 'Close' of those handled. */
    complaints: number;
    complaintsMedianDelay: string | null;
    oldestWaitingMail: OldestWaitingMail | null;
  };
  charts: StatChart[];
}

/** Starts a read on first use only, and shares it: a CSV runs the queries of its one chart. */
function lazy<T>(read: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | null = null;
  return () => {
    started ??= read();
    return started;
  };
}

/** The period's reads, each run at most once, and each chart built from the ones it needs. */
function reads(db: Db, period: Period, now: Date) {
  const p = periodSql(period, now);
  const created = sql`created_at`;
  const read = {
    outline: lazy(() => outline(db, p)),
    bySource: lazy(() =>
      rows<{ day: string; source: string; n: number }>(
        db,
        sql`select ${p.day(sql`bucket`)} as day, source, n from (
              select ${p.bucket(created)} as bucket, source, count(*)::int as n
              from contact_requests where ${p.within(created)} group by 1, 2) as counts`,
      ),
    ),
    byFormation: lazy(() =>
      rows<{ formation: string; n: number }>(
        db,
        sql`select coalesce(formation_interest, '') as formation, count(*)::int as n
            from contact_requests where ${p.within(created)} group by 1 order by 2 desc, 1`,
      ),
    ),
    funnel: lazy(async () => {
      const counts = await funnelRows(db, p);
      return {
        byBucket: counts.filter((r) => r.day !== ""),
        totals: counts.find((r) => r.day === "") ?? NO_FUNNEL,
      };
    }),
    applications: lazy(() =>
      rows<ApplicationCount>(
        db,
        sql`select a.session_id, f.title, to_char(s.start_date, 'YYYY-MM-DD') as start_day, a.status,
                   count(*)::int as n
            from applications a
            join formation_sessions s on s.id = a.session_id
            join formations f on f.id = s.formation_id
            where ${p.within(sql`a.created_at`)}
            group by a.session_id, f.title, s.start_date, a.status
            order by s.start_date, f.title, a.session_id`,
      ),
    ),
    mails: lazy(() =>
      rows<MailCount>(
        db,
        sql`select kind,
                   (count(*) filter (where sent_at is not null))::int as sent,
                   (count(*) filter (where sent_at is null and last_error is not null))::int as failing,
                   (count(*) filter (where sent_at is null and last_error is null))::int as waiting
            from mail_outbox where ${p.within(created)} group by kind order by kind`,
      ),
    ),
    complaints: lazy(async () => {
      const [row] = await rows<{ received: number; median_hours: number | null }>(
        db,
        sql`select count(*)::int as received,
                   percentile_cont(0.5) within group (order by extract(epoch from handled_at - created_at) / 3600)
                     as median_hours
            from complaints where ${p.within(created)}`,
      );
      return { received: row?.received ?? 0, medianHours: row?.median_hours ?? null };
    }),
    complaintsByBucket: lazy(() =>
      rows<ComplaintCount>(
        db,
        sql`select ${p.day(sql`bucket`)} as day, sum(received)::int as received, sum(handled)::int as handled
            from (
              select ${p.bucket(created)} as bucket, 1 as received, 0 as handled
              from complaints where ${p.within(created)}
              union all
              select ${p.bucket(sql`handled_at`)}, 0, 1
              from complaints where handled_at is not null and ${p.within(sql`handled_at`)}
            ) as c group by bucket`,
      ),
    ),
    oldestWaitingMail: lazy(async (): Promise<OldestWaitingMail | null> => {
      const [oldest] = await rows<{ since: string | null; hours: number | null }>(
        db,
        sql`select to_char(min(created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as since,
                   extract(epoch from ${p.nowTs} - min(created_at))::float8 / 3600 as hours
            from mail_outbox where sent_at is null`,
      );
      return oldest?.since && oldest.hours !== null
        ? { since: oldest.since, hours: Math.max(0, oldest.hours) }
        : null;
    }),
  };
  const charts: Record<ChartId, () => Promise<StatChart>> = {
    "demandes-par-source": async () => requestsBySource(await read.outline(), p.unit, await read.bySource()),
    "demandes-par-formation": async () => requestsByFormation(await read.byFormation()),
    entonnoir: async () => funnel((await read.funnel()).totals),
    "delai-premier-contact": async () => {
      const [o, { byBucket, totals }] = await Promise.all([read.outline(), read.funnel()]);
      return firstContactDelay(o, p.unit, byBucket, totals);
    },
    rappels: async () => {
      const [o, { byBucket, totals }] = await Promise.all([read.outline(), read.funnel()]);
      return callbacks(o, p.unit, byBucket, totals);
    },
    candidatures: async () => applicationsChart(await read.applications()),
    "e-mails": async () => mailChart(await read.mails(), await read.oldestWaitingMail()),
    reclamations: async () => complaintsChart(await read.outline(), p.unit, await read.complaintsByBucket()),
  };
  return { read, charts };
}

/** Every chart of the screen for `period`, ending at `now`. */
export async function statistics(db: Db, period: Period, now = new Date()): Promise<Statistics> {
  const { read, charts } = reads(db, period, now);
  const [o, { totals }, mails, oldestWaitingMail, built, complaints] = await Promise.all([
    read.outline(),
    read.funnel(),
    read.mails(),
    read.oldestWaitingMail(),
    Promise.all(CHART_IDS.map((id) => charts[id]())),
    read.complaints(),
  ]);
  return {
    period,
    startDay: o.startDay,
    endDay: o.endDay,
    computedAt: now.toISOString(),
    figures: {
      received: totals.received,
      conversionRate: percent(totals.converted, totals.received),
      medianDelay: totals.median_hours === null ? null : delayText(totals.median_hours),
      waitingCallbacks: totals.waiting,
      complaints: complaints.received,
      complaintsMedianDelay: complaints.medianHours === null ? null : delayText(complaints.medianHours),
      failingMails: mails.reduce((a, c) => a + c.failing, 0),
      oldestWaitingMail,
    },
    charts: built,
  };
}

/** One chart's table as CSV for French Excel: the same cells as 'Voir les données'; only its queries run. */
export async function statisticsCsv(
  db: Db,
  period: Period,
  chart: ChartId,
  now = new Date(),
): Promise<string> {
  const found = await reads(db, period, now).charts[chart]();
  return CSV_BOM + csvLine(found.columns) + found.rows.map(csvLine).join("");
}
