import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { type Actor, auditedChange, writeAudit } from "~/features/audit/index.server";
import { contactRequests, contactStatusChanges } from "~/features/leads/schema.server";
import {
  AdminInputError,
  attemptOnRecord,
  attemptParsed,
  consoleAction,
  intentOf,
  unknownIntent,
} from "~/platform/console/action.server";
import {
  countByStatus,
  countRows,
  equalIfSet,
  listWhere,
  NO_PAGE,
  type Page,
  readPage,
} from "~/platform/console/paging.server";
import { CSV_BOM, csvLine } from "~/platform/csv.server";
import type { Db } from "~/platform/db/client.server";
import { textFields } from "~/platform/form-data";
import { mailOutbox } from "~/platform/mail/schema.server";
import type { AppRuntime } from "~/platform/runtime.server";
import { contactTitleOf } from "./audit-record.server";
import { type ContactFilters, contactStatusSchema } from "./console-schema";
import { appointmentModeLabel, subjectLabel } from "./content";
import { sourceLabel } from "./sources";
import { CONTACT_STATUS_LABELS, CONTACT_STATUSES, type ContactStatus } from "./statuses";

function filterClause(filters: ContactFilters): SQL | undefined {
  return listWhere(
    {
      q: filters.q,
      columns: [
        contactRequests.firstName,
        contactRequests.lastName,
        contactRequests.email,
        contactRequests.formationInterest,
      ],
    },
    equalIfSet(contactRequests.status, filters.status),
    equalIfSet(contactRequests.id, filters.id),
    // "Today" is the centre's day, in Paris, whatever the server's time zone.
    filters.day === "aujourdhui"
      ? sql`${contactRequests.createdAt} >= (date_trunc('day', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris')`
      : undefined,
  );
}

/** Newest first; the id breaks ties so pages and export batches never skip or repeat a row. */
const NEWEST_FIRST = [desc(contactRequests.createdAt), desc(contactRequests.id)];

export type AdminContactRequest = typeof contactRequests.$inferSelect;

export interface ContactsPage {
  list: Page<AdminContactRequest>;
  /** null when the read failed: the counters then show no number rather than zeros. */
  counts: Record<ContactStatus, number> | null;
  mails: Record<string, MailState[]>;
}

export const NO_CONTACTS: ContactsPage = { list: NO_PAGE, counts: null, mails: {} };

/**
 * The contacts screen: one page of the filtered list, the four counters, and the e-mails of the
 * requests on that page only. Without a search or a day, the total comes from the counters.
 */
export async function contactRequestsPage(
  db: Db,
  filters: ContactFilters,
  page: number,
): Promise<ContactsPage> {
  const counting = countByStatus(db, contactRequests.status, CONTACT_STATUSES);
  const fromCounters = !filters.q && !filters.day && !filters.id;
  // Promise.all awaits `counting` on every path, so its failure is never left unhandled.
  const [counts, list] = await Promise.all([
    counting,
    readPage(
      page,
      async () => {
        if (!fromCounters) return countRows(db, contactRequests, filterClause(filters));
        const byStatus = await counting;
        return filters.status
          ? byStatus[filters.status]
          : CONTACT_STATUSES.reduce((sum, s) => sum + byStatus[s], 0);
      },
      (limit, offset) =>
        db
          .select()
          .from(contactRequests)
          .where(filterClause(filters))
          .orderBy(...NEWEST_FIRST)
          .limit(limit)
          .offset(offset),
    ),
  ]);
  const mails = await mailStates(
    db,
    list.items.map((r) => r.id),
  );
  return { list, counts, mails };
}

export type MailDelivery = "sent" | "queued" | "failing";

export interface MailState {
  id: string;
  kind: string;
  to: string;
  state: MailDelivery;
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
}

/** The e-mails each request caused and where they stand in the outbox, keyed by request id. */
export async function mailStates(db: Db, requestIds: string[]): Promise<Record<string, MailState[]>> {
  if (!requestIds.length) return {};
  const rows = await db
    .select({
      requestId: mailOutbox.contactRequestId,
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      to: mailOutbox.to,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.contactRequestId, requestIds))
    .orderBy(mailOutbox.createdAt);
  const out: Record<string, MailState[]> = {};
  for (const { requestId, ...row } of rows) {
    if (!requestId) continue;
    const state: MailDelivery = row.sentAt ? "sent" : row.lastError ? "failing" : "queued";
    const list = out[requestId] ?? [];
    list.push({ ...row, state });
    out[requestId] = list;
  }
  return out;
}

async function setStatus(app: AppRuntime, actor: Actor, id: string, status: ContactStatus) {
  await auditedChange(app, actor, { table: "contact_requests", op: "update" }, async (tx) => {
    const [before] = await tx
      .select({ status: contactRequests.status })
      .from(contactRequests)
      .where(eq(contactRequests.id, id))
      // Locked: two colleagues changing it at once record from → to in the order they committed.
      .for("update");
    if (!before) throw new AdminInputError("Cette demande n'existe plus.");
    await tx.update(contactRequests).set({ status }).where(eq(contactRequests.id, id));
    // The history the statistics read (delay to first contact, funnel); a same-status post is no change.
    if (before.status !== status) {
      await tx.insert(contactStatusChanges).values({
        contactRequestId: id,
        fromStatus: before.status,
        toStatus: status,
        actorId: actor.id,
        actorEmail: actor.email,
      });
    }
    return {
      action: "status",
      entity: "contact_request",
      entityId: id,
      details: { title: await contactTitleOf(tx, id), from: before.status, to: status },
    };
  });
}

/** GDPR erasure: the request and every e-mail about it go; the audit keeps only that it happened. */
async function erase(app: AppRuntime, actor: Actor, id: string) {
  await auditedChange(app, actor, { table: "contact_requests", op: "delete" }, async (tx) => {
    const title = await contactTitleOf(tx, id);
    const mails = await tx
      .delete(mailOutbox)
      .where(eq(mailOutbox.contactRequestId, id))
      .returning({ id: mailOutbox.id });
    const deleted = await tx
      .delete(contactRequests)
      .where(eq(contactRequests.id, id))
      .returning({ id: contactRequests.id });
    if (!deleted.length) throw new AdminInputError("Cette demande n'existe plus.");
    return {
      action: "erase",
      entity: "contact_request",
      entityId: id,
      details: { title, mailsDeleted: mails.length },
    };
  });
}

const ERASE = {
  error: "Erreur lors de la suppression",
  done: "Demande effacée avec succès",
  unknown: "Demande inconnue.",
};

/** The contacts screen's action. Erasing personal data is for administrators only. */
export const contactRequestAction = consoleAction(
  { status: "contacts:write", erase: "contacts:erase" },
  async (app, actor, form) => {
    const intent = intentOf(form);
    const fields = textFields(form);
    if (intent === "status") {
      return attemptParsed(
        app,
        intent,
        contactStatusSchema.safeParse(fields),
        "Erreur lors de la mise à jour du statut",
        "Statut mis à jour avec succès",
        (input) => setStatus(app, actor, input.id, input.status),
      );
    }
    if (intent === "erase") {
      return attemptOnRecord(app, intent, fields.id, ERASE, (id) => erase(app, actor, id));
    }
    return unknownIntent(intent);
  },
);

/* ------------------------------------------------------------------------------------------------
 * CSV export for French Excel (csv.server.ts): UTF-8 with a BOM, ';' between fields.
 * --------------------------------------------------------------------------------------------- */

const CSV_HEADER = [
  "Date",
  "Prénom",
  "Nom",
  "E-mail",
  "Téléphone",
  "Sujet",
  "Formation",
  "Message",
  "Statut",
  "Source",
  "Rappel demandé",
  "Type de rendez-vous",
  "Consentement marketing",
];

/**
 * The request's date as fr-FR prints it in Paris ("22/11/2026 09:05"), written by PostgreSQL: it
 * formats 100 000 dates in a few milliseconds where Intl takes most of a second.
 */
const parisDateTime = sql<string>`to_char(${contactRequests.createdAt} at time zone 'Europe/Paris', 'DD/MM/YYYY HH24:MI')`;

function csvRow(r: AdminContactRequest, date: string): string {
  return csvLine([
    date,
    r.firstName,
    r.lastName,
    r.email,
    r.phone,
    subjectLabel(r.subject) ?? r.subject,
    r.formationInterest,
    r.message,
    CONTACT_STATUS_LABELS[r.status],
    sourceLabel(r.source),
    r.callbackRequested ? "Oui" : "Non",
    appointmentModeLabel(r.appointmentMode) ?? "",
    r.marketingConsent ? "Oui" : "Non",
  ]);
}

/** Rows read per query while exporting: bounds the memory an export holds at once. */
export const EXPORT_BATCH = 5000;

/**
 * The filtered list as a CSV stream, read in keyset batches (created_at, id) so memory stays flat
 * however many rows there are, and each batch is one short indexed query. The export (personal data
 * leaving the system) is written to the audit log, with how many rows matched, before the first byte.
 */
export async function exportContacts(
  app: AppRuntime,
  actor: Actor,
  filters: ContactFilters,
): Promise<ReadableStream<Uint8Array>> {
  const { db } = app;
  await db.transaction(async (tx) => {
    await writeAudit(tx, actor, {
      action: "export",
      entity: "contact_request",
      details: {
        count: await countRows(tx, contactRequests, filterClause(filters)),
        filters: { ...filters },
      },
    });
  });
  const encoder = new TextEncoder();
  // The last row sent. Its time travels as text: a JS Date keeps milliseconds, PostgreSQL
  // microseconds, and a rounded bound would skip rows.
  let after: { at: string; id: string } | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${CSV_BOM}${csvLine(CSV_HEADER)}`));
        return;
      }
      const where = [filterClause(filters)];
      if (after) {
        where.push(
          sql`(${contactRequests.createdAt}, ${contactRequests.id}) < ((${after.at}::timestamp at time zone 'UTC'), ${after.id}::uuid)`,
        );
      }
      const rows = await db
        .select({
          row: contactRequests,
          at: sql<string>`(${contactRequests.createdAt} at time zone 'UTC')::text`,
          date: parisDateTime,
        })
        .from(contactRequests)
        .where(and(...where))
        .orderBy(...NEWEST_FIRST)
        .limit(EXPORT_BATCH);
      if (rows.length)
        controller.enqueue(encoder.encode(rows.map(({ row, date }) => csvRow(row, date)).join("")));
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH) controller.close();
      else after = { at: last.at, id: last.row.id };
    },
  });
}

export { CONTACT_STATUSES };
