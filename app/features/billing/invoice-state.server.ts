/**
 * Invoices with their state, read by the database: what was paid, what the issued credit notes took
 * back, what is left and the state (the same rule as `invoiceStateOf`, written as a CASE) for every
 * invoice and credit note in one query, so a list filters and pages on the state without reading
 * every invoice into memory. The list screen, the dashboard, the encours and the reminders read it.
 */
import { and, asc, count, desc, eq, gte, isNotNull, lte, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { equalIfSet, listWhere, type Page, readPage } from "~/platform/console/paging.server";
import { isCalendarDay, parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";
import { entityId, likePattern, searchQuery } from "~/platform/form-schema";
import type { InvoiceFigures } from "./invoice-state";
import { invoiceReminders, invoices, payments } from "./schema.server";
import {
  INVOICE_KINDS,
  INVOICE_STATES,
  type InvoiceKind,
  type InvoicePurpose,
  type InvoiceState,
  type PaymentMeans,
} from "./vocabulary";

const creditNotes = alias(invoices, "credit_notes");

/**
 * Every invoice and credit note with its figures on `today` (a Paris day): a subquery the lists
 * select from. Payments and issued credit notes are summed per invoice once (two grouped reads),
 * then joined: the cost grows with the rows, not with round trips.
 */
export function invoiceFigures(db: Db, today: string) {
  const paid = db
    .select({
      invoiceId: payments.invoiceId,
      cents: sql<number>`sum(${payments.amountCents})::int`.as("paid_sum"),
    })
    .from(payments)
    .groupBy(payments.invoiceId)
    .as("paid");
  // Only issued credit notes correct an invoice: a draft one is still being written.
  const credited = db
    .select({
      invoiceId: creditNotes.creditedInvoiceId,
      net: sql<number>`sum(${creditNotes.netCents})::int`.as("credited_net_sum"),
      gross: sql<number>`sum(${creditNotes.grossCents})::int`.as("credited_sum"),
    })
    .from(creditNotes)
    .where(and(eq(creditNotes.kind, "credit_note"), isNotNull(creditNotes.number)))
    .groupBy(creditNotes.creditedInvoiceId)
    .as("credited");
  const paidCents = sql<number>`coalesce(${paid.cents}, 0)`;
  const creditedNetCents = sql<number>`coalesce(${credited.net}, 0)`;
  const creditedCents = sql<number>`coalesce(${credited.gross}, 0)`;
  // invoiceStateOf and leftDueCents (invoice-state.ts), line for line.
  const cancelled = sql`(${creditedNetCents} > 0 and ${creditedNetCents} >= ${invoices.netCents})`;
  const left = sql`case when ${invoices.kind} = 'invoice' and ${invoices.number} is not null and not ${cancelled}
      then greatest(0, ${invoices.grossCents} - ${creditedCents} - ${paidCents}) else 0 end`;
  const state = sql<InvoiceState>`case
      when ${invoices.number} is null then 'draft'
      when ${invoices.kind} = 'credit_note' then 'issued'
      when ${cancelled} then 'cancelled'
      when ${left} = 0 then 'paid'
      when ${invoices.dueOn} < ${today}::date then 'overdue'
      when ${paidCents} > 0 then 'partly_paid'
      else 'issued' end`;
  return db
    .select({
      id: invoices.id,
      kind: invoices.kind,
      purpose: invoices.purpose,
      number: invoices.number,
      payerId: invoices.payerId,
      learnerId: invoices.learnerId,
      creditedInvoiceId: invoices.creditedInvoiceId,
      buyerName: sql<string>`${invoices.buyer}->>'name'`.as("buyer_name"),
      buyerKind: sql<string>`${invoices.buyer}->>'kind'`.as("buyer_kind"),
      learnerName: invoices.learnerName,
      formationTitle: invoices.formationTitle,
      issuedOn: invoices.issuedOn,
      dueOn: invoices.dueOn,
      sequenceKey: invoices.sequenceKey,
      sequenceNumber: invoices.sequenceNumber,
      netCents: invoices.netCents,
      vatCents: invoices.vatCents,
      grossCents: invoices.grossCents,
      createdAt: invoices.createdAt,
      paidCents: paidCents.as("paid_cents"),
      creditedNetCents: creditedNetCents.as("credited_net_cents"),
      creditedCents: creditedCents.as("credited_cents"),
      // Only an issued invoice is owed; a draft or a credit note owes nothing.
      leftCents: sql<number>`${left}`.as("left_cents"),
      state: state.as("state"),
    })
    .from(invoices)
    .leftJoin(paid, eq(paid.invoiceId, invoices.id))
    .leftJoin(credited, eq(credited.invoiceId, invoices.id))
    .as("figures");
}

export type FiguresTable = ReturnType<typeof invoiceFigures>;

/** One row of the invoices' list: the invoice as printed, its figures and its state. */
export interface InvoiceListRow {
  id: string;
  kind: InvoiceKind;
  purpose: InvoicePurpose;
  number: string | null;
  payerId: string;
  /** The buyer's name as the invoice prints it (copied at issue). */
  buyerName: string;
  learnerName: string | null;
  formationTitle: string | null;
  creditedInvoiceId: string | null;
  issuedOn: string | null;
  dueOn: string | null;
  netCents: number;
  vatCents: number;
  grossCents: number;
  paidCents: number;
  creditedNetCents: number;
  creditedCents: number;
  leftCents: number;
  state: InvoiceState;
}

function rowOf(
  r: {
    [K in keyof InvoiceListRow]: unknown;
  },
): InvoiceListRow {
  return {
    id: String(r.id),
    kind: r.kind as InvoiceKind,
    purpose: r.purpose as InvoicePurpose,
    number: (r.number as string | null) ?? null,
    payerId: String(r.payerId),
    buyerName: String(r.buyerName ?? ""),
    learnerName: (r.learnerName as string | null) ?? null,
    formationTitle: (r.formationTitle as string | null) ?? null,
    creditedInvoiceId: (r.creditedInvoiceId as string | null) ?? null,
    issuedOn: (r.issuedOn as string | null) ?? null,
    dueOn: (r.dueOn as string | null) ?? null,
    netCents: Number(r.netCents),
    vatCents: Number(r.vatCents),
    grossCents: Number(r.grossCents),
    paidCents: Number(r.paidCents),
    creditedNetCents: Number(r.creditedNetCents),
    creditedCents: Number(r.creditedCents),
    leftCents: Number(r.leftCents),
    state: r.state as InvoiceState,
  };
}

/** The list's filters, read from the URL (?q=&type=&etat=&financeur=&du=&au=). */
export interface InvoiceListFilters {
  /** Inside the number or the buyer's name, ignoring case and accents. */
  q: string;
  kind: InvoiceKind | null;
  state: InvoiceState | null;
  payerId: string | null;
  /** Issue dates, Paris days, both included; a draft has none, so a period leaves drafts out. */
  from: string | null;
  to: string | null;
}

export const NO_INVOICE_FILTERS: InvoiceListFilters = {
  q: "",
  kind: null,
  state: null,
  payerId: null,
  from: null,
  to: null,
};

export function invoiceFiltersFrom(params: URLSearchParams): InvoiceListFilters {
  const kind = params.get("type");
  const state = params.get("etat");
  const day = (name: string) => {
    const value = params.get(name) ?? "";
    return isCalendarDay(value) ? value : null;
  };
  return {
    q: searchQuery(params),
    kind: INVOICE_KINDS.includes(kind as InvoiceKind) ? (kind as InvoiceKind) : null,
    state: INVOICE_STATES.includes(state as InvoiceState) ? (state as InvoiceState) : null,
    payerId: entityId.safeParse(params.get("financeur")).data ?? null,
    from: day("du"),
    to: day("au"),
  };
}

/** The filters as a WHERE clause on the figures (the state left out when `withState` is false: the counters). */
function filterClause(f: FiguresTable, filters: InvoiceListFilters, withState = true): SQL | undefined {
  // The number and the buyer's name are searched together (a credit note has no name of its own).
  return listWhere(
    null,
    filters.q
      ? sql`unaccent_immutable(lower(coalesce(${f.number}, '') || ' ' || coalesce(${f.buyerName}, ''))) like unaccent_immutable(lower(${likePattern(filters.q)}::text))`
      : undefined,
    equalIfSet(f.kind, filters.kind),
    withState && filters.state ? sql`${f.state} = ${filters.state}` : undefined,
    equalIfSet(f.payerId, filters.payerId),
    filters.from ? gte(f.issuedOn, filters.from) : undefined,
    filters.to ? lte(f.issuedOn, filters.to) : undefined,
  );
}

export interface InvoiceListPage {
  list: Page<InvoiceListRow>;
  /** How many rows are in each state under the other filters (the screen's counters). */
  counts: Record<InvoiceState, number>;
}

/**
 * One page of invoices and credit notes under the filters, drafts first (work to finish), then the
 * newest issued by date and rank; with the counts per state. `today` is the Paris day the states are
 * read on (by default now's).
 */
export async function listInvoices(
  db: Db,
  filters: InvoiceListFilters,
  page: number,
  today: string = parisToday(),
): Promise<InvoiceListPage> {
  const f = invoiceFigures(db, today);
  const where = filterClause(f, filters);
  const [list, counted] = await Promise.all([
    readPage(
      page,
      async () => (await db.select({ n: count() }).from(f).where(where))[0]?.n ?? 0,
      async (limit, offset) =>
        (
          await db
            .select()
            .from(f)
            .where(where)
            .orderBy(
              desc(sql`${f.number} is null`),
              desc(f.issuedOn),
              desc(f.sequenceKey),
              desc(f.sequenceNumber),
              desc(f.createdAt),
              asc(f.id),
            )
            .limit(limit)
            .offset(offset)
        ).map(rowOf),
    ),
    db
      .select({ state: f.state, n: count() })
      .from(f)
      .where(filterClause(f, filters, false))
      .groupBy(f.state),
  ]);
  const counts = Object.fromEntries(INVOICE_STATES.map((s) => [s, 0])) as Record<InvoiceState, number>;
  for (const row of counted) counts[row.state as InvoiceState] = Number(row.n);
  return { list, counts };
}

/** A payment as an invoice's page lists it. */
export interface PaymentRow {
  id: string;
  receivedOn: string;
  amountCents: number;
  means: PaymentMeans;
  reference: string;
  createdAt: Date;
}

/** What an invoice's page shows of its follow-up: figures, state, payments, credit notes, reminders sent. */
export interface InvoiceStanding {
  invoice: InvoiceListRow;
  payments: PaymentRow[];
  /** Its credit notes, issued or draft, oldest first. */
  creditNotes: InvoiceListRow[];
  reminders: { level: number; sentAt: Date }[];
}

/** One invoice's (or credit note's) follow-up on `today`, or null when there is no such invoice. */
export async function invoiceStanding(
  db: Db,
  invoiceId: string,
  today: string = parisToday(),
): Promise<InvoiceStanding | null> {
  const f = invoiceFigures(db, today);
  const [found] = await db.select().from(f).where(eq(f.id, invoiceId));
  if (!found) return null;
  const [paid, notes, reminders] = await Promise.all([
    db
      .select({
        id: payments.id,
        receivedOn: payments.receivedOn,
        amountCents: payments.amountCents,
        means: payments.means,
        reference: payments.reference,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.invoiceId, invoiceId))
      .orderBy(asc(payments.receivedOn), asc(payments.createdAt)),
    db
      .select()
      .from(f)
      .where(eq(f.creditedInvoiceId, invoiceId))
      .orderBy(asc(sql`${f.number} is null`), asc(f.issuedOn), asc(f.sequenceNumber), asc(f.createdAt)),
    db
      .select({ level: invoiceReminders.level, sentAt: invoiceReminders.sentAt })
      .from(invoiceReminders)
      .where(eq(invoiceReminders.invoiceId, invoiceId))
      .orderBy(asc(invoiceReminders.level)),
  ]);
  return { invoice: rowOf(found), payments: paid, creditNotes: notes.map(rowOf), reminders };
}

/** The figures `invoiceStateOf` reads, from a list row (the tests check the SQL and the function agree). */
export const figuresOfRow = (row: InvoiceListRow): InvoiceFigures => ({
  kind: row.kind,
  number: row.number,
  dueOn: row.dueOn,
  netCents: row.netCents,
  grossCents: row.grossCents,
  paidCents: row.paidCents,
  creditedNetCents: row.creditedNetCents,
  creditedCents: row.creditedCents,
});
