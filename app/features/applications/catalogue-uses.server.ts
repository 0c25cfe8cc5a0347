import { eq, sql } from "drizzle-orm";
import type { ApplicationUses } from "~/features/catalogue/index.server";
import { formationSessions } from "~/features/catalogue/schema.server";
import type { Db } from "~/platform/db/client.server";
import { applications } from "./schema.server";

/**
 * The applications the catalogue asks about before it lowers a session's seats or deletes a session
 * or a formation; app/boot hands these to it (provideApplicationUses), the catalogue not importing us.
 */
export const catalogueApplicationUses: ApplicationUses = {
  // One pass over the session's applications (applications_session_status_idx) for both counts.
  async seatHolders(tx: Db, sessionId: string) {
    const [row] = await tx
      .select({
        admitted: sql<number>`count(*) filter (where ${applications.status} = 'admitted')`.mapWith(Number),
        offered: sql<number>`count(*) filter (where ${applications.seatOfferedAt} is not null)`.mapWith(
          Number,
        ),
      })
      .from(applications)
      .where(eq(applications.sessionId, sessionId));
    return { admitted: row?.admitted ?? 0, offered: row?.offered ?? 0 };
  },
  async sessionApplied(tx: Db, sessionId: string) {
    const [used] = await tx
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.sessionId, sessionId))
      .limit(1);
    return used !== undefined;
  },
  async formationApplied(tx: Db, formationId: string) {
    const [applied] = await tx
      .select({ id: applications.id })
      .from(applications)
      .innerJoin(formationSessions, eq(formationSessions.id, applications.sessionId))
      .where(eq(formationSessions.formationId, formationId))
      .limit(1);
    return applied !== undefined;
  },
};
