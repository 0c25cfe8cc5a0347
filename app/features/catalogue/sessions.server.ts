import { and, asc, eq, gte, type SQL, sql } from "drizzle-orm";
import type { Actor } from "~/features/audit/index.server";
import { type FormationSession, formationSessions, formations } from "~/features/catalogue/schema.server";
import { addDays, parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import {
  addMonthsEnd,
  formatDateRange,
  type PublicSession,
  parseFrenchDate,
  seatsLeft,
  sessionStatus,
} from "./sessions";

// Written out with the table name: inside a select list Drizzle renders a column unqualified, and a
// bare "id" in the subquery would be the application's own.

// An application holding a seat: admitted, or offered a freed seat while waiting.
const HOLDS_SEAT = sql.raw("(a.status = 'admitted' or a.seat_offered_at is not null)");

/**
 * The seats taken on the session `sessionId` (an SQL expression): admitted candidates, a waiting
 * candidate a freed seat was offered to (see waiting-list.server.ts: newcomers never take a seat
 * held for someone in line), and every learner of the session not already counted by such an
 * application (added by hand, imported, or whose admission was undone after the training began).
 * The one count the course page, the catalogue, admissions, the waiting list and Stagiaires read.
 * `except`: an application about to take a seat, not counted, nor the learner that is the same
 * person (linked to it, or with its e-mail: admitting them links that learner, see enrolAdmitted).
 */
export function seatsTakenOn(sessionId: SQL, except?: string): SQL<number> {
  const notApplication = except ? sql` and a.id <> ${except}::uuid` : sql``;
  const notLearner = except
    ? sql` and l.application_id is distinct from ${except}::uuid
           and lower(l.email) is distinct from (select lower(x.email) from applications x where x.id = ${except}::uuid)`
    : sql``;
  return sql<number>`((select count(*)::int from applications a
      where a.session_id = ${sessionId} and ${HOLDS_SEAT}${notApplication})
    + (select count(*)::int from learners l
      where l.session_id = ${sessionId}${notLearner}
        and not exists (select 1 from applications a
          where a.id = l.application_id and a.session_id = l.session_id and ${HOLDS_SEAT})))`;
}

/** seatsTakenOn for the session row of the query (a select from formation_sessions). */
export const takenSeats = seatsTakenOn(sql.raw(`"formation_sessions"."id"`));

/**
 * The session's seats and how many are left; null when it is gone. `lock`: its row is locked until
 * the transaction ends, as every change to its seats does first (see waiting-list.server.ts), so
 * two additions at once are counted one after the other.
 */
export async function seatsOf(
  tx: Db,
  sessionId: string,
  lock: boolean,
): Promise<{ seats: number; left: number } | null> {
  const query = tx
    .select({ seats: formationSessions.seats })
    .from(formationSessions)
    .where(eq(formationSessions.id, sessionId));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return null;
  const [taken] = await rows<{ n: number }>(tx, sql`select ${seatsTakenOn(sql`${sessionId}::uuid`)} as n`);
  return { seats: row.seats, left: Math.max(0, row.seats - Number(taken?.n ?? 0)) };
}

/** The session's learners, whatever their status. */
export const learnerCount = sql<number>`(select count(*)::int from learners l
  where l.session_id = "formation_sessions"."id")`;

/** Every application of the session, whatever its status. */
export const applicationCount = sql<number>`(select count(*)::int from applications a
  where a.session_id = "formation_sessions"."id")`;

export type SessionWithSeats = FormationSession & { taken: number };

export function toPublicSession(row: SessionWithSeats, today = parisToday()): PublicSession {
  return {
    id: row.id,
    startDate: row.startDate,
    endDate: row.endDate,
    mode: row.mode,
    place: row.place,
    rhythm: row.rhythm,
    seats: row.seats,
    seatsLeft: seatsLeft(row),
    status: sessionStatus(row, today),
  };
}

/** A formation's sessions that have not started yet, soonest first, as the course page lists them. */
export async function listUpcomingSessions(db: Db, formationId: string): Promise<PublicSession[]> {
  const today = parisToday();
  const rows = await db
    .select({ session: formationSessions, taken: takenSeats })
    .from(formationSessions)
    .where(and(eq(formationSessions.formationId, formationId), gte(formationSessions.startDate, today)))
    .orderBy(asc(formationSessions.startDate));
  return rows.map((r) => toPublicSession({ ...r.session, taken: r.taken }, today));
}

/**
 * A session as a screen, a mail or a sheet heads it: its formation's title (`title`), its dates and its
 * place. Null when there is no such session.
 */
export async function sessionHeading(db: Db, sessionId: string) {
  const [row] = await db
    .select({
      id: formationSessions.id,
      formationId: formationSessions.formationId,
      title: formations.title,
      startDate: formationSessions.startDate,
      endDate: formationSessions.endDate,
      place: formationSessions.place,
    })
    .from(formationSessions)
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(eq(formationSessions.id, sessionId));
  return row ?? null;
}

export type SessionHeading = NonNullable<Awaited<ReturnType<typeof sessionHeading>>>;

/**
 * What a console list filters on (Candidatures, Stagiaires): every formation that has sessions, and
 * each session with its formation and dates.
 */
export async function sessionChoices(db: Db) {
  const rows = await db
    .select({
      formationId: formations.id,
      formationTitle: formations.title,
      sessionId: formationSessions.id,
      startDate: formationSessions.startDate,
      endDate: formationSessions.endDate,
    })
    .from(formationSessions)
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .orderBy(asc(formations.title), asc(formationSessions.startDate));
  const seen = new Map<string, string>();
  for (const r of rows) seen.set(r.formationId, r.formationTitle);
  return {
    formations: [...seen].map(([id, title]) => ({ id, title })),
    sessions: rows.map((r) => ({
      id: r.sessionId,
      formationId: r.formationId,
      label: `${r.formationTitle} – ${formatDateRange(r.startDate, r.endDate)}`,
      // Its last day: the Stagiaires screen sends the attestations de fin de formation from then on.
      endDate: r.endDate,
    })),
  };
}

/* ------------------------------------------------------------------------------------------------
 * Seed: the formations' free-text 'next sessions' become sessions with seats.
 * --------------------------------------------------------------------------------------------- */

const SEED_SEATS = 12;
const ALTERNANCE_RHYTHM = "2 jours en centre / 3 jours en entreprise";
const ONLINE_RHYTHM = "En ligne, à son rythme";
const FULL_TIME_RHYTHM = "Temps plein";

/** A session's length from the formation's duration text: its first number of months or weeks. */
function seedEnd(start: string, duration: string): string {
  const months = /(\d+)\s*mois/.exec(duration);
  if (months) return addMonthsEnd(start, Math.min(Number(months[1]), 24));
  const weeks = /(\d+)\s*semaines?/.exec(duration);
  if (weeks) return addDays(start, Number(weeks[1]) * 7 - 3);
  return addMonthsEnd(start, 3);
}

/**
 * Turns every formation's `next_sessions` dates (free text such as "4 janvier 2027") into session
 * records with seats, and empties the text list in the same transaction: it runs at every start
 * and does nothing once converted, so sessions staff edit or delete are never recreated.
 */
export async function convertNextSessions(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: formations.id,
        nextSessions: formations.nextSessions,
        duration: formations.duration,
        format: formations.format,
        location: formations.location,
        formationType: formations.formationType,
      })
      .from(formations)
      .where(sql`cardinality(${formations.nextSessions}) > 0`)
      .for("update");
    let created = 0;
    for (const f of rows) {
      const online = /en ligne|distance/i.test(f.format ?? "") && !/alternance/i.test(f.format ?? "");
      const values = f.nextSessions
        .map(parseFrenchDate)
        .filter((d): d is string => d !== null)
        .map((startDate) => ({
          formationId: f.id,
          startDate,
          endDate: seedEnd(startDate, f.duration),
          mode: online ? ("distance" as const) : ("presentiel" as const),
          place: online ? "En ligne" : (f.location ?? "").replace(/ et à distance$/, "") || "Au centre",
          rhythm:
            f.formationType === "alternance" ? ALTERNANCE_RHYTHM : online ? ONLINE_RHYTHM : FULL_TIME_RHYTHM,
          seats: SEED_SEATS,
          applicationDeadline: addDays(startDate, -7),
        }));
      if (values.length) await tx.insert(formationSessions).values(values);
      await tx.update(formations).set({ nextSessions: [] }).where(eq(formations.id, f.id));
      created += values.length;
    }
    return created;
  });
}

export interface LockedSession {
  id: string;
  seats: number;
}

/** The session row, locked until the transaction ends; null when it no longer exists. */
export async function lockSession(tx: Db, sessionId: string): Promise<LockedSession | null> {
  const [session] = await tx
    .select({ id: formationSessions.id, seats: formationSessions.seats })
    .from(formationSessions)
    .where(eq(formationSessions.id, sessionId))
    .for("update");
  return session ?? null;
}

/**
 * What else happens, in the same transaction, when staff raise a session's seats: the applications
 * feature offers them to its waiting list. It registers here at boot (app/boot) rather than being
 * called from here, since applications already leans on the catalogue (its sessions, their seats).
 */
export type SeatsRaised = (
  tx: Db,
  actor: Actor,
  session: LockedSession,
  freed: number,
  publicUrl: string,
) => Promise<unknown>;

// A set: registering the same listener again (a module evaluated twice in development) adds nothing.
const seatsRaisedListeners = new Set<SeatsRaised>();

export function onSeatsRaised(listener: SeatsRaised): void {
  seatsRaisedListeners.add(listener);
}

export async function seatsRaised(...args: Parameters<SeatsRaised>): Promise<void> {
  for (const listener of seatsRaisedListeners) await listener(...args);
}
