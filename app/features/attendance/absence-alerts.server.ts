/**
 * Absence alerts: when a staff mark makes a learner cross one of Paramètres' thresholds (so many
 * slots missed in a row, or so large a share of the session's planned hours missed), an alert row is
 * written and the centre's recipient of new requests gets one e-mail, in the mark's transaction. The
 * unique key (learner, kind, threshold) makes each alert fire once: run again, by a retry, a
 * correction or another instance, the insert finds the row and queues nothing. The learner's lock
 * orders two marks of the same learner on different slots: the second counts the first's.
 *
 * Only a staff mark (console or trainer's space, recordMark) can be an absence: a learner's signature
 * is a presence, and 'Tous présents' marks presences, so neither can cross a threshold.
 */
import { and, desc, eq, gte, sql } from "drizzle-orm";
import { writeAudit } from "~/features/audit/index.server";
import { formatDateRange } from "~/features/catalogue";
import { learnerTitleOf } from "~/features/learners/index.server";
import { learners } from "~/features/learners/schema.server";
import { getAbsenceThresholds, getCentreSettings } from "~/features/settings/index.server";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import { enqueueMail } from "~/platform/mail/queue.server";
import { renderMail } from "~/platform/mail/templates.server";
import { alertText, followUpHref } from "./absence-text";
import { absenceAlerts, absenceFollowUps } from "./schema.server";
import type { AbsenceAlertKind, AttendanceStatus } from "./vocabulary";

/** One slot of the learner's session in time order: its length and the learner's latest mark, if any. */
export interface MarkedSlot {
  minutes: number;
  status: AttendanceStatus | null;
}

/**
 * The longest run of slots in a row whose latest mark is an absence (an unmarked or late slot breaks
 * it), and the minutes missed by absences against the session's planned minutes. A late mark is not
 * an absence: its minutes are not missed here.
 */
export function absenceFigures(slots: readonly MarkedSlot[]) {
  let run = 0;
  let longest = 0;
  let missed = 0;
  let planned = 0;
  for (const slot of slots) {
    planned += slot.minutes;
    if (slot.status === "absent") {
      run += 1;
      missed += slot.minutes;
      longest = Math.max(longest, run);
    } else run = 0;
  }
  return { longest, missed, planned };
}

/** What crossed which threshold, from the figures and Paramètres' thresholds (0: that alert is off). */
function crossed(
  figures: ReturnType<typeof absenceFigures>,
  thresholds: { absenceAlertSlots: number; absenceAlertPercent: number },
) {
  const found: { kind: AbsenceAlertKind; threshold: number; observed: number }[] = [];
  const { absenceAlertSlots: slots, absenceAlertPercent: percent } = thresholds;
  if (slots > 0 && figures.longest >= slots) {
    found.push({ kind: "consecutive", threshold: slots, observed: figures.longest });
  }
  // Compared in whole numbers: 10 % of 600 minutes is reached at 60 missed, not one minute before.
  if (percent > 0 && figures.planned > 0 && figures.missed * 100 >= percent * figures.planned) {
    const observed = Math.floor((figures.missed * 100) / figures.planned);
    found.push({ kind: "hours", threshold: percent, observed });
  }
  return found;
}

/**
 * Checks learner `learnerId` against the thresholds inside `tx` (the mark's transaction) and writes
 * the alerts newly crossed, each with its e-mail and its Journal entry (the server's). Answers how many
 * were new: the caller wakes the mail worker after the commit. A learner who abandoned or was
 * anonymised is not followed any more.
 */
export async function detectAbsenceAlerts(tx: Db, learnerId: string, publicUrl: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`absence-alerts:${learnerId}`}))`);
  const [learner] = await tx
    .select({
      sessionId: learners.sessionId,
      firstName: learners.firstName,
      lastName: learners.lastName,
      status: learners.status,
      anonymisedAt: learners.anonymisedAt,
    })
    .from(learners)
    .where(eq(learners.id, learnerId));
  if (!learner || learner.status === "dropped_out" || learner.anonymisedAt) return 0;
  const slots = await rows<MarkedSlot>(
    tx,
    sql`select s.end_minute - s.start_minute as "minutes",
               (select e.status from attendance_entries e
                 where e.slot_id = s.id and e.learner_id = ${learnerId}
                 order by e.seq desc limit 1) as "status"
          from session_slots s
         where s.session_id = ${learner.sessionId}
         order by s.day, s.start_minute, s.id`,
  );
  const due = crossed(absenceFigures(slots), await getAbsenceThresholds(tx));
  if (due.length === 0) return 0;
  const made = await tx
    .insert(absenceAlerts)
    .values(due.map((d) => ({ learnerId, ...d })))
    .onConflictDoNothing()
    .returning({
      kind: absenceAlerts.kind,
      threshold: absenceAlerts.threshold,
      observed: absenceAlerts.observed,
    });
  if (made.length === 0) return 0;
  const centre = await getCentreSettings(tx);
  const to = centre.leadRecipient.trim() || centre.email.trim();
  const [session] = await rows<{ title: string; startDate: string; endDate: string }>(
    tx,
    sql`select f.title, s.start_date::text as "startDate", s.end_date::text as "endDate"
          from formation_sessions s join formations f on f.id = s.formation_id
         where s.id = ${learner.sessionId}`,
  );
  const name = `${learner.firstName ?? ""} ${learner.lastName ?? ""}`.trim();
  const sessionText = session
    ? `${session.title} – ${formatDateRange(session.startDate, session.endDate)}`
    : "Session";
  // Without any address in Paramètres the alerts still wait on the dashboard.
  if (to) {
    await enqueueMail(
      tx,
      made.map((a) => ({
        kind: "absence_alert",
        to,
        ...renderMail(centre, {
          subject: `Absences à suivre\u00a0: ${name}`,
          heading: "Bonjour,",
          paragraphs: [
            `${name} a atteint un seuil d'absences fixé dans les paramètres. Prenez contact avec lui ou elle, puis notez le suivi (appel, entretien ou abandon) sur sa fiche.`,
          ],
          rows: [
            ["Stagiaire", name],
            ["Session", sessionText],
            ["Seuil atteint", alertText(a.kind, a.observed)],
          ],
          action: { label: "Ouvrir sa fiche", url: `${publicUrl}${followUpHref(learnerId)}` },
        }),
      })),
    );
  }
  const title = await learnerTitleOf(tx, learnerId);
  for (const a of made) {
    await writeAudit(tx, null, {
      action: "create",
      entity: "learner",
      entityId: learnerId,
      details: { title, absenceAlert: { kind: a.kind, threshold: a.threshold, observed: a.observed } },
    });
  }
  return made.length;
}

/** An alert is open while no follow-up of its learner was recorded at or after it. */
export const alertOpen = sql`not exists (select 1 from ${absenceFollowUps} f
  where f.learner_id = ${absenceAlerts.learnerId} and f.created_at >= ${absenceAlerts.createdAt})`;

/** The dashboard's 'Absences à suivre': the open alerts, newest first, with the learner and session. */
export async function openAbsenceAlerts(db: Db, limit = 20) {
  return rows<{
    id: string;
    learnerId: string;
    kind: AbsenceAlertKind;
    observed: number;
    createdAt: Date;
    firstName: string | null;
    lastName: string | null;
    formationTitle: string;
    startDate: string;
    endDate: string;
  }>(
    db,
    sql`select a.id, a.learner_id as "learnerId", a.kind, a.observed, a.created_at as "createdAt",
               l.first_name as "firstName", l.last_name as "lastName", f.title as "formationTitle",
               s.start_date::text as "startDate", s.end_date::text as "endDate"
          from ${absenceAlerts} a
          join learners l on l.id = a.learner_id
          join formation_sessions s on s.id = l.session_id
          join formations f on f.id = s.formation_id
         where not exists (select 1 from ${absenceFollowUps} fu
                            where fu.learner_id = a.learner_id and fu.created_at >= a.created_at)
         order by a.created_at desc, a.id
         limit ${limit}`,
  );
}

export type OpenAbsenceAlert = Awaited<ReturnType<typeof openAbsenceAlerts>>[number];

/** A learner's alerts, newest first, each with whether a follow-up came after it. */
export async function learnerAbsenceAlerts(db: Db, learnerId: string) {
  return db
    .select({
      id: absenceAlerts.id,
      kind: absenceAlerts.kind,
      threshold: absenceAlerts.threshold,
      observed: absenceAlerts.observed,
      createdAt: absenceAlerts.createdAt,
      open: sql<boolean>`${alertOpen}`,
    })
    .from(absenceAlerts)
    .where(eq(absenceAlerts.learnerId, learnerId))
    .orderBy(desc(absenceAlerts.createdAt));
}

/**
 * Indicator 12's facts: the alerts of the 12 months since `since`, those followed up, and the
 * learner of the oldest still open (the board's link).
 */
export async function absenceAlertFacts(db: Db, since: Date) {
  const [counts] = await db
    .select({
      alerts: sql<number>`count(*)::int`,
      open: sql<number>`(count(*) filter (where ${alertOpen}))::int`,
    })
    .from(absenceAlerts)
    .where(gte(absenceAlerts.createdAt, since));
  const [oldest] = await db
    .select({ learnerId: absenceAlerts.learnerId })
    .from(absenceAlerts)
    .where(and(gte(absenceAlerts.createdAt, since), alertOpen))
    .orderBy(absenceAlerts.createdAt)
    .limit(1);
  const alerts = counts?.alerts ?? 0;
  const open = counts?.open ?? 0;
  return { alerts, followedUp: alerts - open, openLearnerId: oldest?.learnerId ?? null };
}
