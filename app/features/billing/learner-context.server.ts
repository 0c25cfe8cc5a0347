import { eq, sql } from "drizzle-orm";
import { formationSessions, formations } from "~/features/catalogue/schema.server";
import { learners } from "~/features/learners/schema.server";
import type { Db } from "~/platform/db/client.server";
import { parseEurosToCents } from "~/platform/money";

/** What an invoice or a plan reads of a learner: who, in which session of which formation, at what price. */
export interface LearnerContext {
  learnerId: string;
  sessionId: string;
  /** 'Léa Martin'; null once the retention period has anonymised the learner. */
  learnerName: string | null;
  formationTitle: string;
  /** The session's dates: the service period an invoice for this learner bills. */
  serviceStart: string;
  serviceEnd: string;
  /** The formation's catalogue price in cents (null when it has none, or none that fits an invoice). */
  formationPriceCents: number | null;
}

/** The learner's context, or null when there is no such learner. */
export async function learnerContext(db: Db, learnerId: string): Promise<LearnerContext | null> {
  const [row] = await db
    .select({
      learnerId: learners.id,
      sessionId: learners.sessionId,
      firstName: learners.firstName,
      lastName: learners.lastName,
      formationTitle: formations.title,
      serviceStart: formationSessions.startDate,
      serviceEnd: formationSessions.endDate,
      // The catalogue's price is numeric euros: read as the database writes it ('1490.50'), then
      // into cents on integers, so no float ever rounds it.
      price: sql<string>`${formations.price}::text`,
    })
    .from(learners)
    .innerJoin(formationSessions, eq(formationSessions.id, learners.sessionId))
    .innerJoin(formations, eq(formations.id, formationSessions.formationId))
    .where(eq(learners.id, learnerId));
  if (!row) return null;
  const { firstName, lastName, price, ...rest } = row;
  const name = [firstName, lastName].filter(Boolean).join(" ");
  const cents = parseEurosToCents(price);
  return { ...rest, learnerName: name || null, formationPriceCents: cents ? cents : null };
}
