import { count, eq } from "drizzle-orm";
import { applicationEvents, applicationFiles, applications } from "~/features/applications/schema.server";
import { type Actor, writeAudit } from "~/features/audit/index.server";
import type { LockedSession } from "~/features/catalogue/index.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { admissionUndone, enrolAdmitted } from "~/features/learners/index.server";
import { getCentreSettings } from "~/features/settings/index.server";
import { AdminInputError, intentsAction, parsedIntent, recordIntent } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { quoted } from "~/platform/french";
import { enqueueMail } from "~/platform/mail/queue.server";
import { mailOutbox } from "~/platform/mail/schema.server";
import { centreReplyTo, renderWrittenMail } from "~/platform/mail/templates.server";
import { formatFullDateTime } from "~/platform/paris-time";
import type { AppRuntime } from "~/platform/runtime.server";
import { redirectWithToast } from "~/platform/toast.server";
import { applicationTitleOf } from "./audit-record.server";
import {
  type ApplicationStatusInput,
  applicationNoteSchema,
  applicationStatusSchema,
  seatOfferMailSchema,
} from "./console-schema";
import { SEAT_TAKEN_MESSAGE, seatOfferMailSubject, statusMailSubject } from "./status";
import {
  endsOffer,
  lockSessionOfApplication,
  offerFreedSeats,
  seatAvailableFor,
} from "./waiting-list.server";

const GONE = "Cette candidature n'existe plus.";

/** The application's row, locked until the transaction ends: its changes are made one at a time. */
async function lockApplication(tx: Db, id: string) {
  const [row] = await tx
    .select({
      status: applications.status,
      sessionId: applications.sessionId,
      firstName: applications.firstName,
      lastName: applications.lastName,
      email: applications.email,
      interviewAt: applications.interviewAt,
      seatOfferedAt: applications.seatOfferedAt,
    })
    .from(applications)
    .where(eq(applications.id, id))
    .for("update");
  if (!row) throw new AdminInputError(GONE);
  return row;
}

/**
 * Admitted candidates (and standing seat offers) hold the session's seats. The session row is
 * locked (SELECT … FOR UPDATE) before they are counted, so two admissions for the last seat, on
 * any instance, are counted one after the other: the second sees the first and is refused.
 */
async function takeSeat(tx: Db, session: LockedSession, applicationId: string): Promise<void> {
  if (!(await seatAvailableFor(tx, session, applicationId))) {
    throw new AdminInputError(SEAT_TAKEN_MESSAGE, "status");
  }
}

async function formationTitleOf(tx: Db, sessionId: string): Promise<string> {
  const [row] = await tx
    .select({ title: formations.title })
    .from(formationSessions)
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(eq(formationSessions.id, sessionId));
  return row?.title ?? "";
}

/** Seats change when an application enters or leaves 'Admis·e': the public pages then follow. */
async function announce(app: AppRuntime, op: "update" | "delete", seatsChanged: boolean) {
  await app.events.publish({ table: "applications", op });
  if (seatsChanged) await app.events.publish({ table: "formation_sessions", op: "update" });
}

/**
 * Changes an application's status in one transaction with everything it causes: the seat taken or
 * freed, the interview's date and place, the e-mail to the candidate (through the outbox), the
 * history and the audit log. Nothing is announced or sent before the commit.
 */
export async function changeStatus(app: AppRuntime, actor: Actor, input: ApplicationStatusInput) {
  const result = await app.db.transaction(async (tx) => {
    const session = await lockSessionOfApplication(tx, input.id, GONE);
    const before = await lockApplication(tx, input.id);
    const replanned = before.status === input.status;
    if (replanned && input.status !== "interview") {
      throw new AdminInputError("La candidature a déjà ce statut.", "status");
    }
    if (input.status === "admitted") await takeSeat(tx, session, input.id);
    const offerEnds = before.seatOfferedAt !== null && endsOffer(input.status);
    const now = new Date();
    // Leaving 'Entretien planifié' before the interview cancels it; one already held stays on record.
    const cancelled =
      input.status !== "interview" && before.interviewAt && before.interviewAt > now
        ? before.interviewAt
        : null;
    await tx
      .update(applications)
      .set({
        status: input.status,
        updatedAt: now,
        ...(replanned ? {} : { statusChangedAt: now }),
        ...(input.interview
          ? {
              interviewAt: input.interview.at,
              interviewPlace: input.interview.place,
              interviewerId: actor.id,
            }
          : {}),
        ...(cancelled ? { interviewAt: null, interviewPlace: null, interviewerId: null } : {}),
        ...(offerEnds ? { seatOfferedAt: null } : {}),
      })
      .where(eq(applications.id, input.id));
    // An admitted candidate is a learner of the session; leaving 'Admis·e' may undo that (see learners).
    if (!replanned && input.status === "admitted") {
      const { sessionId, firstName, lastName, email } = before;
      const candidate = { applicationId: input.id, sessionId, firstName, lastName, email };
      await enrolAdmitted(tx, actor, candidate, app.config.publicUrl);
    }
    if (!replanned && before.status === "admitted") await admissionUndone(tx, actor, input.id);
    const who = { applicationId: input.id, actorId: actor.id, actorEmail: actor.email };
    await tx.insert(applicationEvents).values({
      ...who,
      kind: input.interview ? "interview" : "status",
      fromStatus: replanned ? null : before.status,
      toStatus: replanned ? null : input.status,
      body: input.interview
        ? `${replanned ? "Entretien déplacé au" : "Entretien le"} ${formatFullDateTime(input.interview.at)} – ${input.interview.place}`
        : cancelled
          ? `Entretien du ${formatFullDateTime(cancelled)} annulé`
          : null,
    });
    if (input.mail) {
      const subject = statusMailSubject(input.status, await formationTitleOf(tx, before.sessionId));
      const centre = await getCentreSettings(tx);
      await enqueueMail(tx, [
        {
          kind: "application_status",
          to: before.email,
          // 'Si ce créneau ne vous convient pas, répondez à ce message': the answer reaches the centre.
          replyTo: centreReplyTo(centre),
          applicationId: input.id,
          ...renderWrittenMail(centre, subject, input.mail),
        },
      ]);
      await tx.insert(applicationEvents).values({
        ...who,
        kind: "mail",
        body: `E-mail envoyé au candidat\u202f: ${quoted(subject)}`,
      });
    }
    await writeAudit(tx, actor, {
      action: "status",
      entity: "application",
      entityId: input.id,
      // No name, address or text here: the audit log outlives an erased application.
      details: {
        title: await applicationTitleOf(tx, input.id),
        from: before.status,
        to: input.status,
        mailSent: input.mail !== null,
        ...(input.interview ? { interviewAt: input.interview.at.toISOString() } : {}),
      },
    });
    // A seat frees when an admitted candidate leaves 'Admis·e' or an offer ends other than by admission.
    const freed = !replanned && (before.status === "admitted" || (offerEnds && input.status !== "admitted"));
    const offered = freed ? await offerFreedSeats(tx, actor, session, 1, app.config.publicUrl) : 0;
    return {
      seatsChanged: !replanned && (before.status === "admitted" || input.status === "admitted" || offerEnds),
      offered,
    };
  });
  // An admission may have queued the learner's invitation to their personal space (features/spaces).
  if (input.mail || result.offered || input.status === "admitted") app.mail.wake();
  await announce(app, "update", result.seatsChanged);
}

/**
 * Sends the candidate a seat held for them (the text staff approved on the details page), with
 * its history line and audit entry. Refused once the offer has ended.
 */
export async function sendSeatOffer(app: AppRuntime, actor: Actor, id: string, text: string) {
  await app.db.transaction(async (tx) => {
    const before = await lockApplication(tx, id);
    if (!before.seatOfferedAt) throw new AdminInputError(NO_OFFER);
    const subject = seatOfferMailSubject(await formationTitleOf(tx, before.sessionId));
    const centre = await getCentreSettings(tx);
    await enqueueMail(tx, [
      {
        kind: "application_status",
        to: before.email,
        // 'Merci de nous confirmer…': the candidate's answer reaches the centre.
        replyTo: centreReplyTo(centre),
        applicationId: id,
        ...renderWrittenMail(centre, subject, text),
      },
    ]);
    await tx.insert(applicationEvents).values({
      applicationId: id,
      actorId: actor.id,
      actorEmail: actor.email,
      kind: "mail",
      body: `E-mail envoyé au candidat\u202f: «\u202f${subject}\u202f»`,
    });
    await writeAudit(tx, actor, {
      action: "offer-mail",
      entity: "application",
      entityId: id,
      details: { title: await applicationTitleOf(tx, id) },
    });
  });
  app.mail.wake();
  await announce(app, "update", false);
}

export const NO_OFFER = "Aucune place n'est proposée à cette candidature.";

/** An internal note: in the application's history with its author, never sent to the candidate. */
export async function addNote(app: AppRuntime, actor: Actor, id: string, body: string) {
  await app.db.transaction(async (tx) => {
    await lockApplication(tx, id);
    await tx
      .insert(applicationEvents)
      .values({ applicationId: id, actorId: actor.id, actorEmail: actor.email, kind: "note", body });
    // The note's text stays with the application (it may speak of the candidate).
    await writeAudit(tx, actor, {
      action: "note",
      entity: "application",
      entityId: id,
      details: { title: await applicationTitleOf(tx, id) },
    });
  });
  await announce(app, "update", false);
}

/**
 * GDPR erasure of one application: its files, history and e-mails go with it (foreign keys cascade).
 * The audit entry says it happened and how much went, never whose it was.
 */
export async function eraseApplication(app: AppRuntime, actor: Actor, id: string) {
  const seatsChanged = await app.db.transaction(async (tx) => {
    const session = await lockSessionOfApplication(tx, id, GONE);
    const before = await lockApplication(tx, id);
    const title = await applicationTitleOf(tx, id);
    const [[files], [mails]] = await Promise.all([
      tx.select({ n: count() }).from(applicationFiles).where(eq(applicationFiles.applicationId, id)),
      tx.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.applicationId, id)),
    ]);
    await tx.delete(applications).where(eq(applications.id, id));
    await writeAudit(tx, actor, {
      action: "erase",
      entity: "application",
      entityId: id,
      details: { title, status: before.status, filesDeleted: files?.n ?? 0, mailsDeleted: mails?.n ?? 0 },
    });
    const held = before.status === "admitted" || before.seatOfferedAt !== null;
    if (held && (await offerFreedSeats(tx, actor, session, 1, app.config.publicUrl))) app.mail.wake();
    return held;
  });
  await announce(app, "delete", seatsChanged);
}

const STATUS_ERROR = "Erreur lors du changement de statut";
const ERASE = {
  error: "Erreur lors de l'effacement",
  done: "Candidature effacée",
  unknown: "Candidature inconnue.",
};

/**
 * The details page's action: status (with its e-mail) and notes for whoever processes applications,
 * erasure for administrators only. Erasing answers a redirect to the list, the page being gone.
 */
export const applicationAction = intentsAction({
  status: parsedIntent("applications:write", {
    parse: (fields) => applicationStatusSchema().safeParse(fields),
    error: STATUS_ERROR,
    done: "Statut mis à jour",
    run: async (app, actor, input) => {
      await changeStatus(app, actor, input);
      return input.mail ? "Statut mis à jour et e-mail envoyé au candidat" : "Statut mis à jour";
    },
  }),
  note: parsedIntent("applications:write", {
    parse: (fields) => applicationNoteSchema.safeParse(fields),
    error: "Erreur lors de l'ajout de la note",
    done: "Note ajoutée",
    run: (app, actor, input) => addNote(app, actor, input.id, input.body),
  }),
  "offer-mail": parsedIntent("applications:write", {
    parse: (fields) => seatOfferMailSchema.safeParse(fields),
    error: "Erreur lors de l'envoi de l'e-mail",
    done: "Proposition envoyée au candidat",
    run: (app, actor, input) => sendSeatOffer(app, actor, input.id, input.mailText),
  }),
  // Erasing answers a redirect to the list, the page being gone.
  erase: recordIntent("applications:erase", ERASE, eraseApplication, (app, done) =>
    redirectWithToast("/admin/candidatures", done.toast, app.config.authSecret),
  ),
});
