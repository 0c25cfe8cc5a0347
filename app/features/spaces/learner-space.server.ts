import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, gt, isNotNull, isNull } from "drizzle-orm";
import ical from "ical-generator";
import { attendanceUrl, slotLinks, windowState } from "~/features/attendance/index.server";
import { addSlotEvent } from "~/features/calendar/index.server";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { learnerDocuments } from "~/features/documents/schema.server";
import { learners } from "~/features/learners/schema.server";
import { surveyToken, surveyUrl } from "~/features/surveys/index.server";
import { surveyInvitations, surveyQuestionnaires } from "~/features/surveys/schema.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import type { Db } from "~/platform/db/client.server";
import type { AppRuntime } from "~/platform/runtime.server";
import { learnerSpaceHref } from "./paths";
import { spaceMembers } from "./schema.server";

// The learner's space: only what belongs to the learner record the walls (learnerOf) let through.
// Each read here takes that record's id, never one from the URL.

export interface LearnerSlot {
  id: string;
  day: string;
  startMinute: number;
  endMinute: number;
  place: string | null;
  link: string | null;
  trainer: string | null;
}

/** A document already sent to the learner (generated only: not theirs yet). */
export interface SentDocument {
  id: string;
  kind: (typeof learnerDocuments.$inferSelect)["kind"];
  sentAt: Date;
}

export interface LearnerSpace {
  learnerId: string;
  sessionId: string;
  formationTitle: string;
  startDate: string;
  endDate: string;
  place: string;
  status: (typeof learners.$inferSelect)["status"];
  slots: LearnerSlot[];
  documents: SentDocument[];
  /** The personal signing link of the slot whose signing is open now, if any. */
  attendanceLink: { url: string; slot: LearnerSlot } | null;
  /** Questionnaires sent to the learner, still open and not answered. */
  surveys: { title: string; url: string; closesAt: Date }[];
  /** What waits for the learner's signature: fed by the signatures feature (see `documentsToSign`). */
  toSign: DocumentToSign[];
}

/** A document the learner is asked to sign electronically, and where they sign it. */
export interface DocumentToSign {
  title: string;
  href: string;
}

/**
 * What the learner has to sign: nothing here. The signatures feature answers it; the coordinator
 * wires it at boot with `provideDocumentsToSign` (a lower feature is told, not called).
 */
type DocumentsToSign = (db: Db, learnerId: string) => Promise<DocumentToSign[]>;
let documentsToSign: DocumentsToSign = async () => [];

export function provideDocumentsToSign(provider: DocumentsToSign): void {
  documentsToSign = provider;
}

/** The slots of the learner's session, in order. */
function slotsOf(db: Db, sessionId: string): Promise<LearnerSlot[]> {
  return db
    .select({
      id: sessionSlots.id,
      day: sessionSlots.day,
      startMinute: sessionSlots.startMinute,
      endMinute: sessionSlots.endMinute,
      place: sessionSlots.place,
      link: sessionSlots.link,
      trainer: sessionSlots.trainer,
    })
    .from(sessionSlots)
    .where(eq(sessionSlots.sessionId, sessionId))
    .orderBy(asc(sessionSlots.day), asc(sessionSlots.startMinute));
}

/** The learner's own record with their session, or null (erased). */
async function learnerRecord(db: Db, learnerId: string) {
  const [row] = await db
    .select({
      learnerId: learners.id,
      sessionId: learners.sessionId,
      status: learners.status,
      formationTitle: formations.title,
      startDate: formationSessions.startDate,
      endDate: formationSessions.endDate,
      place: formationSessions.place,
    })
    .from(learners)
    .innerJoin(formationSessions, eq(formationSessions.id, learners.sessionId))
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(and(eq(learners.id, learnerId), isNull(learners.anonymisedAt)));
  return row ?? null;
}

/** Everything the learner's page shows, at `now`. Null: the record is gone (a 404). */
export async function learnerSpace(
  app: AppRuntime,
  learnerId: string,
  now: Date,
): Promise<LearnerSpace | null> {
  const { db, config } = app;
  const record = await learnerRecord(db, learnerId);
  if (!record) return null;
  const slots = await slotsOf(db, record.sessionId);
  // Only documents that were sent to them: a preview or a document not yet sent is the centre's.
  const sent = await db
    .select({ id: learnerDocuments.id, kind: learnerDocuments.kind, sentAt: learnerDocuments.sentAt })
    .from(learnerDocuments)
    .where(
      and(
        eq(learnerDocuments.learnerId, learnerId),
        isNotNull(learnerDocuments.sentAt),
        isNull(learnerDocuments.archivedAt),
      ),
    )
    .orderBy(desc(learnerDocuments.sentAt));
  const documents = sent.flatMap((d) => (d.sentAt ? [{ id: d.id, kind: d.kind, sentAt: d.sentAt }] : []));
  const open = slots.find((slot) => windowState(slot, now) === "open");
  let attendanceLink: LearnerSpace["attendanceLink"] = null;
  if (open && record.status !== "dropped_out") {
    const link = (await slotLinks(db, config.authSecret, open.id)).find((l) => l.learnerId === learnerId);
    if (link) attendanceLink = { url: attendanceUrl(config.publicUrl, link.token), slot: open };
  }
  const invitations = await db
    .select({
      id: surveyInvitations.id,
      title: surveyQuestionnaires.title,
      closesAt: surveyInvitations.closesAt,
    })
    .from(surveyInvitations)
    .innerJoin(surveyQuestionnaires, eq(surveyQuestionnaires.id, surveyInvitations.questionnaireId))
    .where(
      and(
        eq(surveyInvitations.learnerId, learnerId),
        isNull(surveyInvitations.answeredAt),
        gt(surveyInvitations.closesAt, now),
      ),
    )
    .orderBy(asc(surveyInvitations.closesAt));
  const surveys = invitations.map((i) => ({
    title: i.title,
    closesAt: i.closesAt,
    url: surveyUrl(config.publicUrl, surveyToken(config.authSecret, i.id)),
  }));
  return {
    ...record,
    slots,
    documents,
    attendanceLink,
    surveys,
    toSign: await documentsToSign(db, learnerId),
  };
}

/** One of the learner's sent documents (its bytes), or null: not theirs, not sent, archived, unknown. */
export async function learnerDocumentFile(db: Db, learnerId: string, documentId: string) {
  const [row] = await db
    .select({ fileName: learnerDocuments.fileName, pdf: learnerDocuments.pdf })
    .from(learnerDocuments)
    .where(
      and(
        eq(learnerDocuments.id, documentId),
        eq(learnerDocuments.learnerId, learnerId),
        isNotNull(learnerDocuments.sentAt),
        isNull(learnerDocuments.archivedAt),
      ),
    );
  return row ?? null;
}

/* ------------------------------------------------------------------------------------------------
 * The learner's own iCalendar feed: /espace/calendrier/<membership>/<token>.ics, readable with the
 * token alone (a calendar application cannot sign in). The token is the HMAC of the membership under
 * the server's secret: nothing stored; the feed answers 404 once the membership is gone.
 * --------------------------------------------------------------------------------------------- */

const feedToken = (secret: string, memberId: string) =>
  createHmac("sha256", secret).update(`space-calendar:${memberId}`).digest("base64url");

export const learnerFeedPath = (secret: string, memberId: string) =>
  `/espace/calendrier/${memberId}/${feedToken(secret, memberId)}.ics`;

/** The learner whose feed `token` opens, or null (a wrong token, a membership gone). */
export async function learnerOfFeed(db: Db, secret: string, memberId: string, token: string) {
  const expected = Buffer.from(feedToken(secret, memberId));
  const given = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!/^[0-9a-f-]{36}$/.test(memberId)) return null;
  const [row] = await db
    .select({ learnerId: spaceMembers.learnerId })
    .from(spaceMembers)
    .where(eq(spaceMembers.id, memberId));
  return row?.learnerId ?? null;
}

/** The learner's feed: each slot of their session, as the staff's feed shows it. */
export async function learnerFeed(app: AppRuntime, learnerId: string): Promise<string | null> {
  const record = await learnerRecord(app.db, learnerId);
  if (!record) return null;
  const slots = (await slotsOf(app.db, record.sessionId)).map((slot) => ({
    ...slot,
    start_minute: slot.startMinute,
    end_minute: slot.endMinute,
  }));
  const calendar = ical({
    name: `Formation : ${record.formationTitle}`,
    prodId: { company: "centre", product: "espace" },
  });
  const url = `${app.config.publicUrl}${learnerSpaceHref(learnerId)}`;
  const session = { formation: record.formationTitle, place: record.place };
  for (const slot of slots) addSlotEvent(calendar, slot, session, url);
  return calendar.toString();
}
