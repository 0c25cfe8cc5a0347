import { type SQL, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import { type AudienceCounts, noCounts } from "./rates";
import type { SurveyAudience } from "./vocabulary";

/*
 * Who was asked and who answered, per audience (learners, employers, trainers, funders): every
 * invitation counts, automatic or sent by hand, under its questionnaire's audience; an invitation
 * answered at any time counts as answered.
 */

interface CountRow {
  key: string;
  audience: SurveyAudience;
  invited: number;
  answered: number;
}

async function countsBy(db: Db, key: SQL, where: SQL): Promise<Map<string, AudienceCounts>> {
  const found = await rows<CountRow>(
    db,
    sql`select ${key} as key, q.audience::text as audience, count(*)::int as invited,
               count(i.answered_at)::int as answered
          from survey_invitations i join survey_questionnaires q on q.id = i.questionnaire_id
         where ${where}
         group by 1, 2`,
  );
  const byKey = new Map<string, AudienceCounts>();
  for (const r of found) {
    const counts = byKey.get(r.key) ?? noCounts();
    counts[r.audience] = { invited: r.invited, answered: r.answered };
    byKey.set(r.key, counts);
  }
  return byKey;
}

/**
 * Qualiopi's indicator 30: how many of each audience were asked in the period (invitations sent from
 * `from`, before `to`) and how many of them answered.
 */
export async function stakeholderResponseCounts(
  db: Db,
  { from, to }: { from: Date; to: Date },
): Promise<AudienceCounts> {
  const counts = await countsBy(db, sql`'all'`, sql`i.sent_at >= ${from} and i.sent_at < ${to}`);
  return counts.get("all") ?? noCounts();
}

/** Each session's counts per audience (sessions nobody was asked about are absent). */
export async function sessionResponseCounts(
  db: Db,
  sessionIds: readonly string[],
): Promise<Map<string, AudienceCounts>> {
  if (sessionIds.length === 0) return new Map();
  return countsBy(
    db,
    sql`i.session_id`,
    sql`i.session_id in (${sql.join(
      sessionIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

/**
 * Each formation's counts per audience, over the invitations sent in the period (from `from`, before
 * `to` when given) about one of its sessions, the formations with none left out; by title.
 */
export async function formationResponseCounts(
  db: Db,
  { from, to }: { from: Date; to?: Date },
): Promise<{ formationId: string; title: string; counts: AudienceCounts }[]> {
  const counts = await countsBy(
    db,
    sql`i.formation_id`,
    sql`i.formation_id is not null and i.sent_at >= ${from} ${to ? sql`and i.sent_at < ${to}` : sql``}`,
  );
  if (counts.size === 0) return [];
  const titles = await rows<{ id: string; title: string }>(
    db,
    sql`select id, title from formations where id in (${sql.join(
      [...counts.keys()].map((id) => sql`${id}`),
      sql`, `,
    )}) order by title, id`,
  );
  return titles.map((f) => ({ formationId: f.id, title: f.title, counts: counts.get(f.id) ?? noCounts() }));
}
