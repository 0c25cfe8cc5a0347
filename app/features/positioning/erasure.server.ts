import { inArray, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { positionings } from "./schema.server";

/** What an erased adaptation's words become. */
export const ERASED_ADAPTATION = "Adaptation décidée (texte effacé avec les données personnelles)";

/**
 * A learner anonymised (retention period over, or an erasure that other records hold back) loses the
 * questionnaire's answers and the link with the rest of their personal data; when the answers came and
 * whether an adaptation was decided stay (the Qualiopi counts), not its words. Registered with
 * learners' `onLearnersAnonymised` at boot; a learner deleted takes the row with them (ON DELETE CASCADE).
 */
export async function erasePositionings(tx: Db, learnerIds: string[]): Promise<void> {
  if (learnerIds.length === 0) return;
  await tx
    .update(positionings)
    .set({
      answers: null,
      tokenHash: null,
      email: null,
      // The decision stays a decision (the table's check), its words go.
      adaptation: sql`case when ${positionings.adaptation} is null then null else ${ERASED_ADAPTATION} end`,
      updatedAt: new Date(),
    })
    .where(inArray(positionings.learnerId, learnerIds));
}
