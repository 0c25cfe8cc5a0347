import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { formatDateRange } from "~/features/catalogue";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { complaintCounters, complaints } from "~/features/complaints/schema.server";
import { FieldRefusal, type FormOutcome, receivePublicForm } from "~/features/leads/index.server";
import { complaintRecipient, getCentreSettings } from "~/features/settings/index.server";
import type { Db } from "~/platform/db/client.server";
import { enqueueMail } from "~/platform/mail/queue.server";
import { centreReplyTo } from "~/platform/mail/templates.server";
import { parisParts } from "~/platform/paris-time";
import type { AppRuntime } from "~/platform/runtime.server";
import type { ToastMessage } from "~/platform/toast";
import { type ComplaintInput, complaintSchema } from "./complaint-schema";
import { COMPLAINT_ERRORS, COMPLAINT_RECEIVED_TITLE, complaintReceivedText, OTHER_SESSION } from "./content";
import {
  type ComplaintSummary,
  complaintAcknowledgementMail,
  complaintNotificationMail,
} from "./mails.server";

/** A session the form lists: its id and how it reads ('TP Assistant RH – du 4 au 29 janv. 2027'). */
export interface SessionChoice {
  id: string;
  label: string;
}

/**
 * The sessions a complaint may be about: every coming one and those ended in the last two years,
 * newest first (a learner complains about a session they followed, a company about one to come).
 */
export async function complaintSessionChoices(db: Db): Promise<SessionChoice[]> {
  const rows = await db
    .select({
      id: formationSessions.id,
      title: formations.title,
      startDate: formationSessions.startDate,
      endDate: formationSessions.endDate,
    })
    .from(formationSessions)
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(gte(formationSessions.endDate, sql`(current_date - interval '2 years')::date`))
    .orderBy(desc(formationSessions.startDate), formations.title)
    .limit(300);
  return rows.map((r) => ({ id: r.id, label: `${r.title} – ${formatDateRange(r.startDate, r.endDate)}` }));
}

/** 'REC-2026-0007': the year's number, four digits at least. */
export const complaintReference = (year: number, n: number) => `REC-${year}-${String(n).padStart(4, "0")}`;

/**
 * The next number of `year`, taken in the caller's transaction: the upsert locks the year's row until
 * the complaint is committed, so two instances never take the same number, and a rolled-back
 * complaint leaves no gap.
 */
async function nextNumber(tx: Db, year: number): Promise<number> {
  const [row] = await tx
    .insert(complaintCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: complaintCounters.year, set: { last: sql`${complaintCounters.last} + 1` } })
    .returning({ last: complaintCounters.last });
  if (!row) throw new Error("complaint counter upsert returned no row");
  return row.last;
}

/** One session as the register names it, however long ago it ended (a learner's own), or null. */
async function sessionChoice(db: Db, id: string): Promise<SessionChoice | null> {
  const [row] = await db
    .select({
      title: formations.title,
      startDate: formationSessions.startDate,
      endDate: formationSessions.endDate,
    })
    .from(formationSessions)
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(eq(formationSessions.id, id));
  return row ? { id, label: `${row.title} – ${formatDateRange(row.startDate, row.endDate)}` } : null;
}

/**
 * The session as the register keeps it: the chosen one's label, or the author's words. A learner
 * writing from their space names their own session (`own`), which may have ended long ago.
 */
async function sessionOf(
  db: Db,
  input: ComplaintInput,
  own: boolean,
): Promise<{ id: string | null; label: string | null }> {
  if (!input.session || input.session === OTHER_SESSION)
    return { id: null, label: input.sessionText ?? null };
  const found = own
    ? await sessionChoice(db, input.session)
    : (await complaintSessionChoices(db)).find((s) => s.id === input.session);
  if (!found) throw new FieldRefusal("session", COMPLAINT_ERRORS.session);
  return { id: found.id, label: found.label };
}

/**
 * Acknowledgements one address receives in a day at most. Anyone may type anyone's address: past
 * this, the complaint is still stored and staff notified, only the author's copy is not sent again.
 */
export const ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY = 3;

/** Whether `email` may get one more acknowledgement: fewer complaints from it in the last 24 hours. */
async function acknowledgementAllowed(tx: Db, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(complaints)
    .where(
      and(
        sql`lower(${complaints.email}) = ${email.toLowerCase()}`,
        gte(complaints.createdAt, sql`now() - interval '1 day'`),
      ),
    );
  return (row?.n ?? 0) < ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY;
}

/**
 * Stores a complaint under the next reference of its (Paris) year and queues, in the same
 * transaction, the acknowledgement to its author and the notification to the lead recipient.
 * Answers the reference. `learnerId`: written by that learner from their personal space, about
 * their own session (`input.session`, which the caller took from the learner's record).
 */
export async function storeComplaint(
  app: AppRuntime,
  input: ComplaintInput,
  learnerId: string | null = null,
): Promise<string> {
  const createdAt = new Date();
  const year = Number(parisParts(createdAt).day.slice(0, 4));
  const session = await sessionOf(app.db, input, learnerId !== null);
  const { id, reference } = await app.db.transaction(async (tx) => {
    const centre = await getCentreSettings(tx);
    const reference = complaintReference(year, await nextNumber(tx, year));
    const acknowledge = await acknowledgementAllowed(tx, input.email);
    // What the register keeps of the author and the complaint, and what the e-mails tell of them.
    const told = {
      reference,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone ?? null,
      organisation: input.organisation ?? null,
      authorType: input.authorType,
      category: input.category,
      description: input.description,
      createdAt,
    };
    const [inserted] = await tx
      .insert(complaints)
      .values({
        ...told,
        sessionId: session.id,
        sessionLabel: session.label,
        learnerId,
        channel: learnerId === null ? "site" : "space",
        updatedAt: createdAt,
      })
      .returning({ id: complaints.id });
    if (!inserted) throw new Error("complaint insert returned no row");
    const summary: ComplaintSummary = {
      ...told,
      session: session.label,
      sessionChosen: session.id !== null,
    };
    await enqueueMail(tx, [
      ...(acknowledge
        ? [
            {
              kind: "complaint_acknowledgement" as const,
              to: input.email,
              replyTo: centreReplyTo(centre),
              complaintId: inserted.id,
              ...complaintAcknowledgementMail(centre, summary),
            },
          ]
        : []),
      {
        kind: "complaint_notification",
        // Their own recipient in Paramètres, else the leads' one.
        to: complaintRecipient(centre),
        replyTo: input.email,
        complaintId: inserted.id,
        ...complaintNotificationMail(
          centre,
          summary,
          `${app.config.publicUrl}/admin/reclamations/${inserted.id}`,
        ),
      },
    ]);
    return { id: inserted.id, reference };
  });
  app.mail.wake();
  await app.events.publish({ table: "complaints", op: "insert" });
  app.logger.info({ complaintId: id }, "complaint: stored");
  return reference;
}

const received = (reference: string): ToastMessage => ({
  type: "success",
  title: COMPLAINT_RECEIVED_TITLE,
  description: complaintReceivedText(reference),
});

/** The /reclamation action: the contact form's steps (rate limit, honeypot, zod), then storeComplaint. */
export function receiveComplaintForm(context: AppLoadContext, request: Request): Promise<FormOutcome> {
  return receivePublicForm(
    context,
    request,
    complaintSchema,
    (app, input) => storeComplaint(app, input),
    received,
    "complaint",
  );
}
