import { asc, inArray } from "drizzle-orm";
import { improvementActions } from "~/features/quality/schema.server";
import type { Db } from "~/platform/db/client.server";
import { IMPROVEMENT_STATE_LABELS } from "./vocabulary";

/**
 * The improvement actions answering each of `complaintIds`, as the complaints register prints them:
 * 'Réserver des salles adaptées (Réalisée)', oldest first. Complaints without any are absent.
 */
export async function complaintImprovementLines(
  db: Db,
  complaintIds: readonly string[],
): Promise<Map<string, string[]>> {
  const lines = new Map<string, string[]>();
  if (complaintIds.length === 0) return lines;
  const found = await db
    .select({
      complaintId: improvementActions.complaintId,
      title: improvementActions.title,
      state: improvementActions.state,
    })
    .from(improvementActions)
    .where(inArray(improvementActions.complaintId, [...complaintIds]))
    .orderBy(asc(improvementActions.createdAt), asc(improvementActions.id));
  for (const a of found) {
    if (!a.complaintId) continue;
    const line = `${a.title} (${IMPROVEMENT_STATE_LABELS[a.state]})`;
    lines.set(a.complaintId, [...(lines.get(a.complaintId) ?? []), line]);
  }
  return lines;
}
