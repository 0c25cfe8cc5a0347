import { and, asc, desc, eq, inArray, isNotNull, isNull, ne } from "drizzle-orm";
import type { SignedInUser } from "~/features/accounts/index.server";
import { attendanceEntries } from "~/features/attendance/schema.server";
import {
  type InvoiceKind,
  type InvoiceState,
  QUOTE_ANSWERED_BY_CONTACT,
  type QuoteState,
} from "~/features/billing";
import { answerQuote, invoiceFigures, invoicePdfFile, quotePdfFile } from "~/features/billing/index.server";
import { fundingShares, payers, quotes } from "~/features/billing/schema.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { hoursOf } from "~/features/documents/index.server";
import { learnerDocuments } from "~/features/documents/schema.server";
import type { LearnerStatus } from "~/features/learners";
import { learners } from "~/features/learners/schema.server";
import { type SignerSignature, signaturesOfSigner } from "~/features/signatures/index.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import { parisToday } from "~/platform/dates";
import type { Db } from "~/platform/db/client.server";

// A company's space (a payer's contact, through payerOf): only what concerns that payer. Its
// employees are the learners it funds (a funding share of this payer), never another learner of the
// same session; its invoices and quotes are its own, issued or sent only (a draft is the centre's);
// its conventions are those whose signer is the contact's verified address. Each read takes the payer
// id the walls let through, never one from the URL.

/** What the company may download of an employee's file: the end-of-training documents, once sent. */
const COMPANY_DOCUMENT_KINDS = ["attestation", "certificate"] as const;

export type SlotAttendance = "present" | "late" | "absent" | null;

/** One slot of an employee's session and what was recorded for them (null: nothing yet). */
export interface EmployeeSlot {
  day: string;
  startMinute: number;
  endMinute: number;
  status: SlotAttendance;
  lateMinutes: number;
}

export interface CompanyEmployee {
  learnerId: string;
  firstName: string;
  lastName: string;
  formationTitle: string;
  startDate: string;
  endDate: string;
  status: LearnerStatus;
  attendedMinutes: number;
  plannedMinutes: number;
  absences: number;
  lates: number;
  slots: EmployeeSlot[];
  documents: { id: string; kind: (typeof COMPANY_DOCUMENT_KINDS)[number]; sentAt: Date }[];
}

export interface CompanyInvoice {
  id: string;
  kind: InvoiceKind;
  number: string;
  issuedOn: string;
  dueOn: string | null;
  grossCents: number;
  leftCents: number;
  state: InvoiceState;
  learnerName: string | null;
  formationTitle: string | null;
}

export interface CompanyQuote {
  id: string;
  number: string;
  title: string;
  state: QuoteState;
  /** Sent and past its validity: it can no longer be accepted. */
  expired: boolean;
  validUntil: string;
  grossCents: number;
  sentAt: Date | null;
  answeredAt: Date | null;
}

export interface CompanySpace {
  payerId: string;
  name: string;
  employees: CompanyEmployee[];
  signatures: SignerSignature[];
  invoices: CompanyInvoice[];
  quotes: CompanyQuote[];
}

/** The learners `payerId` funds (a share of their plan), not anonymised, by session then name. */
function employeesOf(db: Db, payerId: string) {
  return db
    .select({
      learnerId: learners.id,
      sessionId: learners.sessionId,
      firstName: learners.firstName,
      lastName: learners.lastName,
      status: learners.status,
      formationTitle: formations.title,
      startDate: formationSessions.startDate,
      endDate: formationSessions.endDate,
    })
    .from(fundingShares)
    .innerJoin(learners, eq(learners.id, fundingShares.learnerId))
    .innerJoin(formationSessions, eq(formationSessions.id, learners.sessionId))
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(and(eq(fundingShares.payerId, payerId), isNull(learners.anonymisedAt)))
    .orderBy(asc(formationSessions.startDate), asc(learners.lastName), asc(learners.firstName));
}

/** Each employee's slots with the latest entry recorded for them (a correction is a later entry). */
async function slotsOf(db: Db, people: { learnerId: string; sessionId: string }[]) {
  const sessionIds = [...new Set(people.map((p) => p.sessionId))];
  const learnerIds = people.map((p) => p.learnerId);
  const [slots, latest] = await Promise.all([
    db
      .select({
        id: sessionSlots.id,
        sessionId: sessionSlots.sessionId,
        day: sessionSlots.day,
        startMinute: sessionSlots.startMinute,
        endMinute: sessionSlots.endMinute,
      })
      .from(sessionSlots)
      .where(inArray(sessionSlots.sessionId, sessionIds))
      .orderBy(asc(sessionSlots.day), asc(sessionSlots.startMinute)),
    db
      .selectDistinctOn([attendanceEntries.learnerId, attendanceEntries.slotId], {
        learnerId: attendanceEntries.learnerId,
        slotId: attendanceEntries.slotId,
        status: attendanceEntries.status,
        lateMinutes: attendanceEntries.lateMinutes,
      })
      .from(attendanceEntries)
      .where(inArray(attendanceEntries.learnerId, learnerIds))
      .orderBy(attendanceEntries.learnerId, attendanceEntries.slotId, desc(attendanceEntries.seq)),
  ]);
  const entryOf = new Map(latest.map((e) => [`${e.learnerId} ${e.slotId}`, e]));
  return new Map(
    people.map((p) => [
      p.learnerId,
      slots
        .filter((slot) => slot.sessionId === p.sessionId)
        .map((slot): EmployeeSlot => {
          const entry = entryOf.get(`${p.learnerId} ${slot.id}`);
          return {
            day: slot.day,
            startMinute: slot.startMinute,
            endMinute: slot.endMinute,
            status: entry?.status ?? null,
            lateMinutes: entry?.lateMinutes ?? 0,
          };
        }),
    ]),
  );
}

/** The attestations and certificats sent to these learners (not archived), newest first. */
function documentsOf(db: Db, learnerIds: string[]) {
  return db
    .select({
      id: learnerDocuments.id,
      learnerId: learnerDocuments.learnerId,
      kind: learnerDocuments.kind,
      sentAt: learnerDocuments.sentAt,
    })
    .from(learnerDocuments)
    .where(
      and(
        inArray(learnerDocuments.learnerId, learnerIds),
        inArray(learnerDocuments.kind, [...COMPANY_DOCUMENT_KINDS]),
        isNotNull(learnerDocuments.sentAt),
        isNull(learnerDocuments.archivedAt),
      ),
    )
    .orderBy(desc(learnerDocuments.sentAt));
}

async function companyEmployees(db: Db, payerId: string): Promise<CompanyEmployee[]> {
  const people = await employeesOf(db, payerId);
  if (!people.length) return [];
  const learnerIds = people.map((p) => p.learnerId);
  const [hours, slots, documents] = await Promise.all([
    hoursOf(
      db,
      people.map((p) => ({ id: p.learnerId, sessionId: p.sessionId })),
    ),
    slotsOf(db, people),
    documentsOf(db, learnerIds),
  ]);
  return people.map(({ sessionId: _, firstName, lastName, ...p }) => {
    const own = slots.get(p.learnerId) ?? [];
    return {
      ...p,
      firstName: firstName ?? "",
      lastName: lastName ?? "",
      attendedMinutes: hours[p.learnerId]?.attendedMinutes ?? 0,
      plannedMinutes: hours[p.learnerId]?.plannedMinutes ?? 0,
      absences: own.filter((s) => s.status === "absent").length,
      lates: own.filter((s) => s.status === "late").length,
      slots: own,
      documents: documents.flatMap((d) =>
        d.learnerId === p.learnerId && d.sentAt && (d.kind === "attestation" || d.kind === "certificate")
          ? [{ id: d.id, kind: d.kind, sentAt: d.sentAt }]
          : [],
      ),
    };
  });
}

/** The payer's issued invoices and credit notes (never a draft), newest first, with their state on `today`. */
async function companyInvoices(db: Db, payerId: string, today: string): Promise<CompanyInvoice[]> {
  const f = invoiceFigures(db, today);
  const found = await db
    .select({
      id: f.id,
      kind: f.kind,
      number: f.number,
      issuedOn: f.issuedOn,
      dueOn: f.dueOn,
      grossCents: f.grossCents,
      leftCents: f.leftCents,
      state: f.state,
      learnerName: f.learnerName,
      formationTitle: f.formationTitle,
    })
    .from(f)
    .where(and(eq(f.payerId, payerId), isNotNull(f.number)))
    .orderBy(desc(f.issuedOn), desc(f.sequenceNumber));
  return found.flatMap((row) =>
    row.number && row.issuedOn
      ? [{ ...row, number: row.number, issuedOn: row.issuedOn, leftCents: Number(row.leftCents) }]
      : [],
  );
}

/** The payer's quotes once sent (never a draft), newest first. */
async function companyQuotes(db: Db, payerId: string, today: string): Promise<CompanyQuote[]> {
  const found = await db
    .select({
      id: quotes.id,
      number: quotes.number,
      title: quotes.title,
      state: quotes.state,
      validUntil: quotes.validUntil,
      grossCents: quotes.grossCents,
      sentAt: quotes.sentAt,
      answeredAt: quotes.answeredAt,
    })
    .from(quotes)
    .where(and(eq(quotes.payerId, payerId), ne(quotes.state, "draft"), isNotNull(quotes.number)))
    .orderBy(desc(quotes.sentAt), desc(quotes.number));
  return found.flatMap((q) =>
    q.number ? [{ ...q, number: q.number, expired: q.state === "sent" && q.validUntil < today }] : [],
  );
}

/** Everything the company's page shows, for the payer the walls let through and its signed-in contact. */
export async function companySpace(
  db: Db,
  payerId: string,
  user: SignedInUser,
  today = parisToday(),
): Promise<CompanySpace | null> {
  const [payer] = await db.select({ name: payers.name }).from(payers).where(eq(payers.id, payerId));
  if (!payer) return null;
  const [employees, signatures, invoices, quoteRows] = await Promise.all([
    companyEmployees(db, payerId),
    signaturesOfSigner(db, user.id, "company"),
    companyInvoices(db, payerId, today),
    companyQuotes(db, payerId, today),
  ]);
  return { payerId, name: payer.name, employees, signatures, invoices, quotes: quoteRows };
}

/**
 * An employee's attestation or certificat (its bytes), or null: the learner is not funded by this
 * payer, or the document is not theirs, not of those kinds, not sent, archived, or unknown.
 */
export async function companyDocumentFile(db: Db, payerId: string, learnerId: string, documentId: string) {
  const [row] = await db
    .select({ fileName: learnerDocuments.fileName, pdf: learnerDocuments.pdf })
    .from(learnerDocuments)
    .innerJoin(
      fundingShares,
      and(eq(fundingShares.learnerId, learnerDocuments.learnerId), eq(fundingShares.payerId, payerId)),
    )
    .innerJoin(learners, eq(learners.id, learnerDocuments.learnerId))
    .where(
      and(
        eq(learnerDocuments.id, documentId),
        eq(learnerDocuments.learnerId, learnerId),
        inArray(learnerDocuments.kind, [...COMPANY_DOCUMENT_KINDS]),
        isNotNull(learnerDocuments.sentAt),
        isNull(learnerDocuments.archivedAt),
        isNull(learners.anonymisedAt),
      ),
    );
  return row ?? null;
}

/** The payer's issued invoice or credit note as the console's PDF, or null (a draft, another payer's, unknown). */
export async function companyInvoiceFile(db: Db, payerId: string, invoiceId: string) {
  const file = await invoicePdfFile(db, invoiceId);
  if (!file || file.draft) return null;
  const f = invoiceFigures(db, parisToday());
  const [own] = await db
    .select({ id: f.id })
    .from(f)
    .where(and(eq(f.id, invoiceId), eq(f.payerId, payerId)));
  return own ? file : null;
}

/** Whether the quote `quoteId` was sent to `payerId` (never a draft, never another payer's). */
async function ownSentQuote(db: Db, payerId: string, quoteId: string) {
  const [row] = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(eq(quotes.id, quoteId), eq(quotes.payerId, payerId), ne(quotes.state, "draft")));
  return Boolean(row);
}

/** The payer's sent quote as it was e-mailed, or null (a draft, another payer's, unknown). */
export async function companyQuoteFile(db: Db, payerId: string, quoteId: string) {
  return (await ownSentQuote(db, payerId, quoteId)) ? quotePdfFile(db, quoteId) : null;
}

/**
 * 'Accepter' on a quote in the company's space: only the payer's own quote (false: not theirs, the
 * page answers 404 and nothing changes); billing refuses in French what is not sent or no longer
 * valid, and writes the Journal's line in the contact's name.
 */
export async function acceptCompanyQuote(
  db: Db,
  payerId: string,
  user: SignedInUser,
  quoteId: string,
): Promise<boolean> {
  if (!(await ownSentQuote(db, payerId, quoteId))) return false;
  await answerQuote(db, { id: user.id, email: user.email }, quoteId, "accepted", QUOTE_ANSWERED_BY_CONTACT);
  return true;
}
