import { type SQL, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import {
  type ApplicationCount,
  applicationsChart,
  type ComplaintCount,
  callbacks,
  complaintsChart,
  type FunnelRow,
  firstContactDelay,
  funnel,
  type MailCount,
  mailChart,
  NO_FUNNEL,
  type OldestWaitingMail,
  type Outline,
  requestsByFormation,
  requestsBySource,
} from "./charts";
import { bucketUnit, type ChartId, type Period, type StatChart } from "./statistics";

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

/** Starts a read on first use only, and shares it: a CSV runs the queries of its one chart. */
function lazy<T>(read: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | null = null;
  return () => {
    started ??= read();
    return started;
  };
}

/** The period's reads, each run at most once, and each chart built from the ones it needs. */
export function reads(db: Db, period: Period, now: Date) {
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
