import { eq, inArray, sql } from "drizzle-orm";
import { type LearnerDocumentKind, learnerDocuments } from "~/features/documents/schema.server";
import { getInternalRules } from "~/features/settings/index.server";
import type { Db } from "~/platform/db/client.server";

/** A document as the Stagiaires list shows it. */
export interface DocumentSummary {
  id: string;
  kind: LearnerDocumentKind;
  createdAt: Date;
  sentAt: Date | null;
  sentTo: string | null;
}

/** The documents of `learnerIds`, newest first, by learner. */
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
    })
    .from(learnerDocuments)
    .where(inArray(learnerDocuments.learnerId, learnerIds))
    .orderBy(sql`${learnerDocuments.createdAt} desc`);
  for (const { learnerId, ...doc } of rows) {
    found[learnerId] ??= [];
    found[learnerId].push(doc);
  }
  return found;
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
