import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { attendedMinutes } from "~/features/attendance/index.server";
import { type LearnerDocumentKind, learnerDocuments } from "~/features/documents/schema.server";
import { getInternalRules } from "~/features/settings/index.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import type { Db } from "~/platform/db/client.server";

/** A document as the learner's file shows it, with where it is in its life. */
export interface DocumentSummary {
  id: string;
  kind: LearnerDocumentKind;
  createdAt: Date;
  sentAt: Date | null;
  sentTo: string | null;
  /** When the signed copy was received (a convention or a contrat). */
  signedAt: Date | null;
  signedFileName: string | null;
  archivedAt: Date | null;
}

/** The documents of `learnerIds`, newest first, by learner (without their bytes). */
export async function documentsOf(db: Db, learnerIds: string[]): Promise<Record<string, DocumentSummary[]>> {
  const found: Record<string, DocumentSummary[]> = {};
  if (!learnerIds.length) return found;
  const rows = await db
    .select({
      id: learnerDocuments.id,
      learnerId: learnerDocuments.learnerId,
      kind: learnerDocuments.kind,
      createdAt: learnerDocuments.createdAt,
      sentAt: learnerDocuments.sentAt,
      sentTo: learnerDocuments.sentTo,
      signedAt: learnerDocuments.signedAt,
      signedFileName: learnerDocuments.signedFileName,
      archivedAt: learnerDocuments.archivedAt,
    })
    .from(learnerDocuments)
    .where(inArray(learnerDocuments.learnerId, learnerIds))
    .orderBy(sql`${learnerDocuments.createdAt} desc`, sql`${learnerDocuments.id} desc`);
  for (const { learnerId, ...doc } of rows) {
    found[learnerId] ??= [];
    found[learnerId].push(doc);
  }
  return found;
}

/** A learner's hours: attended (the attendance sheets) and planned (their session's slots), in minutes. */
export interface LearnerHours {
  attendedMinutes: number;
  plannedMinutes: number;
}

/**
 * The hours of each learner given (their id and session): what the attestation and the certificat
 * would state, and what the screen checks before they leave.
 */
export async function hoursOf(
  db: Db,
  people: readonly { id: string; sessionId: string }[],
): Promise<Record<string, LearnerHours>> {
  if (!people.length) return {};
  const sessions = [...new Set(people.map((p) => p.sessionId))];
  const [attended, planned] = await Promise.all([
    attendedMinutes(db, { learnerIds: people.map((p) => p.id) }),
    db
      .select({
        sessionId: sessionSlots.sessionId,
        minutes: sql<number>`sum(${sessionSlots.endMinute} - ${sessionSlots.startMinute})::int`,
      })
      .from(sessionSlots)
      .where(inArray(sessionSlots.sessionId, sessions))
      .groupBy(sessionSlots.sessionId),
  ]);
  const plannedOf = new Map(planned.map((p) => [p.sessionId, Number(p.minutes)]));
  return Object.fromEntries(
    people.map((p) => [
      p.id,
      { attendedMinutes: attended.get(p.id) ?? 0, plannedMinutes: plannedOf.get(p.sessionId) ?? 0 },
    ]),
  );
}

/** Whether convocations would leave without the règlement intérieur (Stagiaires warns staff). */
export async function internalRulesMissing(db: Db): Promise<boolean> {
  return !(await getInternalRules(db)).text.trim();
}

/** One kept document's file, for staff to download. */
export async function documentFile(db: Db, id: string) {
  const [row] = await db
    .select({ fileName: learnerDocuments.fileName, pdf: learnerDocuments.pdf })
    .from(learnerDocuments)
    .where(eq(learnerDocuments.id, id));
  return row ?? null;
}

/** The signed copy received for one document (its bytes, name and type), or null. */
export async function signedCopyFile(db: Db, id: string) {
  const [row] = await db
    .select({
      fileName: learnerDocuments.signedFileName,
      contentType: learnerDocuments.signedContentType,
      content: learnerDocuments.signedFile,
    })
    .from(learnerDocuments)
    .where(and(eq(learnerDocuments.id, id), isNotNull(learnerDocuments.signedFile)));
  return row?.content && row.fileName && row.contentType
    ? { fileName: row.fileName, contentType: row.contentType, content: row.content }
    : null;
}
