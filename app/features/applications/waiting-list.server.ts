/**
 * A session's seats and its waiting list. The rule:
 * - admitted candidates hold the seats, and so does a waiting candidate a freed seat was offered to
 *   ('Place proposée', `applications.seat_offered_at`): while the offer stands the seat counts as
 *   taken, so the public pages still say 'Complète' and a newcomer lands on the waiting list;
 * - when a seat frees (an admitted candidate leaves 'Admis·e', an offer ends by a refusal or a
 *   withdrawal, the session's seats are raised, a holder is erased), the same transaction offers it
 *   to the first candidate still waiting (the oldest application at 'Liste d'attente' without an
 *   offer), records it in their history and the audit log, and queues a notice to the lead
 *   recipient;
 * - the offer ends when staff admit the candidate (the offer becomes the seat) or set them to
 *   'Refusé·e' or 'Désisté·e' (the seat goes to the next in line). Other statuses keep it.
 * Every change to a session's seats locks the session row first (SELECT … FOR UPDATE), then the
 * application: on any instance they run one after the other, so two seats freed at once offer to
 * two different candidates, never the same one twice, and none is lost.
 */

import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { applicationEvents, applications } from "~/features/applications/schema.server";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import { formatDateRange } from "~/features/catalogue";
import { type LockedSession, lockSession, seatsTakenOn } from "~/features/catalogue/index.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { getCentreSettings } from "~/features/settings/index.server";
import { AdminInputError } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import { enqueueMail } from "~/platform/mail/queue.server";
import { applicationTitleOf } from "./audit-record.server";
import { seatOfferStaffMail } from "./mails.server";
import { type ApplicationStatusValue, CLOSED_STATUSES } from "./status";

/** Locks the session of an application (before the application itself: always in that order). */
export async function lockSessionOfApplication(tx: Db, applicationId: string, gone: string) {
  const [row] = await tx
    .select({ sessionId: applications.sessionId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  const session = row ? await lockSession(tx, row.sessionId) : null;
  if (!session) throw new AdminInputError(gone);
  return session;
}

/** Seats taken on the session (admissions, standing offers, learners: seatsTakenOn), `except` one application. */
async function heldSeats(tx: Db, sessionId: string, except?: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    tx,
    sql`select ${seatsTakenOn(sql`${sessionId}::uuid`, except)} as n`,
  );
  return Number(row?.n ?? 0);
}

/** Whether the application may take a seat: one is free, or it is the one held for it. */
export async function seatAvailableFor(tx: Db, session: LockedSession, applicationId: string) {
  return (await heldSeats(tx, session.id, applicationId)) < session.seats;
}

/** An offer ends when the candidate is admitted (it becomes the seat), refused or withdraws. */
export function endsOffer(status: ApplicationStatusValue): boolean {
  return status === "admitted" || CLOSED_STATUSES.includes(status);
}

/**
 * `freed` seats just freed on the locked session: each free one goes to the next candidate in line.
 * Answers how many candidates were offered a seat (their notices are queued in the outbox).
 */
export async function offerFreedSeats(
  tx: Db,
  actor: Actor,
  session: LockedSession,
  freed: number,
  publicUrl: string,
): Promise<number> {
  const free = Math.min(freed, session.seats - (await heldSeats(tx, session.id)));
  if (free <= 0) return 0;
  const waiting = await tx
    .select({ id: applications.id, firstName: applications.firstName, lastName: applications.lastName })
    .from(applications)
    .where(
      and(
        eq(applications.sessionId, session.id),
        eq(applications.status, "waitlisted"),
        isNull(applications.seatOfferedAt),
      ),
    )
    .orderBy(asc(applications.createdAt), asc(applications.id))
    .limit(free)
    .for("update");
  if (!waiting.length) return 0;
  const [about] = await tx
    .select({
      formationTitle: formations.title,
      startDate: formationSessions.startDate,
      endDate: formationSessions.endDate,
    })
    .from(formationSessions)
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(eq(formationSessions.id, session.id));
  const centre = await getCentreSettings(tx);
  const now = new Date();
  for (const candidate of waiting) {
    await tx
      .update(applications)
      .set({ seatOfferedAt: now, updatedAt: now })
      .where(eq(applications.id, candidate.id));
    await tx.insert(applicationEvents).values({
      applicationId: candidate.id,
      actorId: actor.id,
      actorEmail: actor.email,
      kind: "offer",
      body: "Place proposée\u202f: une place s'est libérée sur la session, elle est réservée à cette candidature.",
    });
    await enqueueMail(tx, [
      {
        kind: "application_seat_offer",
        to: centre.leadRecipient,
        applicationId: candidate.id,
        ...seatOfferStaffMail(
          centre,
          {
            name: `${candidate.firstName} ${candidate.lastName}`,
            formationTitle: about?.formationTitle ?? "",
            sessionDates: about ? formatDateRange(about.startDate, about.endDate) : "",
          },
          `${publicUrl}/admin/candidatures/${candidate.id}`,
        ),
      },
    ]);
    await writeAudit(tx, actor, {
      action: "offer",
      entity: "application",
      entityId: candidate.id,
      details: { title: await applicationTitleOf(tx, candidate.id), sessionId: session.id },
    });
  }
  return waiting.length;
}
