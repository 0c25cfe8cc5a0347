import { asc, desc, eq, type SQL } from "drizzle-orm";
import { diffFields } from "~/features/audit";
import { type Actor, auditedChange } from "~/features/audit/index.server";
import { complaintEvents, complaints } from "~/features/complaints/schema.server";
import { getCentreSettings } from "~/features/settings/index.server";
import { AdminInputError, intentsAction, parsedIntent, recordIntent } from "~/platform/console/action.server";
import {
  countByStatus,
  countRows,
  equalIfSet,
  listWhere,
  NO_PAGE,
  type Page,
  readPage,
} from "~/platform/console/paging.server";
import type { Db } from "~/platform/db/client.server";
import { enqueueMail } from "~/platform/mail/queue.server";
import { mailOutbox } from "~/platform/mail/schema.server";
import { centreReplyTo } from "~/platform/mail/templates.server";
import type { AppRuntime } from "~/platform/runtime.server";
import {
  type ComplaintFilters,
  complaintActionSchema,
  complaintReplySchema,
  complaintStatusSchema,
} from "./console-schema";
import { eraseComplaint } from "./erasure.server";
import { complaintReplyMail } from "./mails.server";
import { COMPLAINT_STATUSES, type ComplaintStatus, HANDLED_STATUSES } from "./statuses";

/* ------------------------------------------------------------------------------------------------
 * The register: a page of complaints, newest first, with the status counters.
 * --------------------------------------------------------------------------------------------- */

function filterClause(filters: ComplaintFilters): SQL | undefined {
  return listWhere(
    {
      q: filters.q,
      columns: [complaints.reference, complaints.firstName, complaints.lastName, complaints.email],
    },
    equalIfSet(complaints.status, filters.status),
  );
}

const listColumns = {
  id: complaints.id,
  reference: complaints.reference,
  firstName: complaints.firstName,
  lastName: complaints.lastName,
  organisation: complaints.organisation,
  authorType: complaints.authorType,
  category: complaints.category,
  sessionLabel: complaints.sessionLabel,
  status: complaints.status,
  createdAt: complaints.createdAt,
  handledAt: complaints.handledAt,
};

function listComplaints(db: Db, filters: ComplaintFilters, page: number) {
  const where = filterClause(filters);
  return readPage(
    page,
    () => countRows(db, complaints, where),
    (limit, offset) =>
      db
        .select(listColumns)
        .from(complaints)
        .where(where)
        .orderBy(desc(complaints.createdAt), desc(complaints.id))
        .limit(limit)
        .offset(offset),
  );
}

export type ComplaintRow = Awaited<ReturnType<typeof listComplaints>>["items"][number];
type StatusCounts = Record<ComplaintStatus, number>;

/** The Réclamations screen: the page of rows and the counters. */
export async function complaintsPage(db: Db, filters: ComplaintFilters, page: number) {
  const [list, counts] = await Promise.all([
    listComplaints(db, filters, page),
    countByStatus(db, complaints.status, COMPLAINT_STATUSES),
  ]);
  return { list, counts: counts as StatusCounts | null };
}

export const NO_COMPLAINTS: Awaited<ReturnType<typeof complaintsPage>> = {
  list: NO_PAGE as Page<ComplaintRow>,
  counts: null,
};

/* ------------------------------------------------------------------------------------------------
 * One complaint: its fields, its history (status changes, replies, actions) and its e-mails.
 * --------------------------------------------------------------------------------------------- */

export async function getComplaint(db: Db, id: string) {
  const [complaint] = await db.select().from(complaints).where(eq(complaints.id, id));
  if (!complaint) return null;
  const [events, mails] = await Promise.all([
    db
      .select()
      .from(complaintEvents)
      .where(eq(complaintEvents.complaintId, id))
      .orderBy(desc(complaintEvents.createdAt), desc(complaintEvents.id)),
    db
      .select({
        id: mailOutbox.id,
        kind: mailOutbox.kind,
        to: mailOutbox.to,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
        lastError: mailOutbox.lastError,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.complaintId, id))
      .orderBy(asc(mailOutbox.createdAt)),
  ]);
  return { complaint, events, mails };
}

export type ComplaintDetails = NonNullable<Awaited<ReturnType<typeof getComplaint>>>;

const GONE = "Cette réclamation n'existe plus.";
const ERASED_NO_REPLY =
  "Les coordonnées de l'auteur ont été effacées : la réponse ne peut plus lui être envoyée.";

/** The complaint's row, locked: two colleagues acting at once are recorded in the order they committed. */
async function locked(tx: Db, id: string) {
  const [row] = await tx.select().from(complaints).where(eq(complaints.id, id)).for("update");
  if (!row) throw new AdminInputError(GONE);
  return row;
}

const EVENT = { table: "complaints", op: "update" } as const;

async function setStatus(app: AppRuntime, actor: Actor, id: string, status: ComplaintStatus) {
  await auditedChange(app, actor, EVENT, async (tx) => {
    const before = await locked(tx, id);
    const now = new Date();
    if (before.status !== status) {
      await tx
        .update(complaints)
        .set({
          status,
          updatedAt: now,
          // The handling delay ends the first time it is handled; reopening keeps that date.
          ...(HANDLED_STATUSES.includes(status) && !before.handledAt ? { handledAt: now } : {}),
          ...(status === "closed" ? { closedAt: now } : { closedAt: null }),
        })
        .where(eq(complaints.id, id));
      await tx.insert(complaintEvents).values({
        complaintId: id,
        kind: "status",
        fromStatus: before.status,
        toStatus: status,
        actorId: actor.id,
        actorEmail: actor.email,
      });
    }
    return {
      action: "status",
      entity: "complaint",
      entityId: id,
      details: {
        title: before.reference,
        changes: diffFields("complaint", { status: before.status }, { status }),
      },
    };
  });
}

/** The reply to the author: queued in the outbox, kept in the history with its date, audited without its text. */
async function reply(app: AppRuntime, actor: Actor, id: string, text: string) {
  await auditedChange(app, actor, EVENT, async (tx) => {
    const row = await locked(tx, id);
    if (!row.email) throw new AdminInputError(ERASED_NO_REPLY);
    const centre = await getCentreSettings(tx);
    await enqueueMail(tx, [
      {
        kind: "complaint_reply",
        to: row.email,
        replyTo: centreReplyTo(centre),
        complaintId: id,
        ...complaintReplyMail(centre, row.reference, text),
      },
    ]);
    await tx.insert(complaintEvents).values({
      complaintId: id,
      kind: "reply",
      body: text,
      actorId: actor.id,
      actorEmail: actor.email,
    });
    await tx.update(complaints).set({ updatedAt: new Date() }).where(eq(complaints.id, id));
    return {
      action: "reply",
      entity: "complaint",
      entityId: id,
      details: { title: row.reference, changes: [{ field: "reply" }] },
    };
  });
  app.mail.wake();
}

async function setCorrectiveAction(app: AppRuntime, actor: Actor, id: string, action: string | null) {
  await auditedChange(app, actor, EVENT, async (tx) => {
    const before = await locked(tx, id);
    if (before.correctiveAction !== action) {
      await tx
        .update(complaints)
        .set({ correctiveAction: action, updatedAt: new Date() })
        .where(eq(complaints.id, id));
      await tx.insert(complaintEvents).values({
        complaintId: id,
        kind: "action",
        body: action,
        actorId: actor.id,
        actorEmail: actor.email,
      });
    }
    return {
      action: "update",
      entity: "complaint",
      entityId: id,
      details: {
        title: before.reference,
        changes: diffFields(
          "complaint",
          { correctiveAction: before.correctiveAction },
          { correctiveAction: action },
        ),
      },
    };
  });
}

const ERASE = {
  error: "Erreur lors de l'effacement",
  done: "Données personnelles effacées",
  unknown: "Réclamation inconnue.",
};

/**
 * The complaint page's action: status, reply and corrective action under complaints:write; the
 * erasure of the author's personal data under complaints:erase (administrators).
 */
export const complaintAction = intentsAction({
  status: parsedIntent("complaints:write", {
    parse: (fields) => complaintStatusSchema.safeParse(fields),
    error: "Erreur lors du changement de statut",
    done: "Statut mis à jour",
    run: (app, actor, input) => setStatus(app, actor, input.id, input.status),
  }),
  reply: parsedIntent("complaints:write", {
    parse: (fields) => complaintReplySchema.safeParse(fields),
    error: "Réponse non envoyée",
    done: "Réponse envoyée à l'auteur",
    run: (app, actor, input) => reply(app, actor, input.id, input.text),
  }),
  "corrective-action": parsedIntent("complaints:write", {
    parse: (fields) => complaintActionSchema.safeParse(fields),
    error: "Action corrective non enregistrée",
    done: "Action corrective enregistrée",
    run: (app, actor, input) => setCorrectiveAction(app, actor, input.id, input.correctiveAction),
  }),
  erase: recordIntent("complaints:erase", ERASE, eraseComplaint),
});
