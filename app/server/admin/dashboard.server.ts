import { count, desc, eq, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.server";
import { blogPosts, contactRequests, formations, testimonials } from "../db/schema.server";

async function countOf(db: Db, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** The dashboard's counters and the five latest requests (SPEC.md §2.13). */
export async function dashboardData(db: Db) {
  const [formationsAll, formationsActive, postsAll, postsPublished, requestsAll, requestsNew] =
    await Promise.all([
      countOf(db, formations),
      countOf(db, formations, eq(formations.active, true)),
      countOf(db, blogPosts),
      countOf(db, blogPosts, eq(blogPosts.published, true)),
      countOf(db, contactRequests),
      countOf(db, contactRequests, eq(contactRequests.status, "new")),
    ]);
  const testimonialsActive = await countOf(db, testimonials, eq(testimonials.active, true));
  const recent = await db
    .select({
      id: contactRequests.id,
      firstName: contactRequests.firstName,
      lastName: contactRequests.lastName,
      email: contactRequests.email,
      status: contactRequests.status,
      formationInterest: contactRequests.formationInterest,
      createdAt: contactRequests.createdAt,
    })
    .from(contactRequests)
    .orderBy(desc(contactRequests.createdAt))
    .limit(5);
  return {
    formations: { total: formationsAll, active: formationsActive },
    posts: { total: postsAll, published: postsPublished },
    requests: { total: requestsAll, new: requestsNew },
    testimonials: { active: testimonialsActive },
    recent,
  };
}

export type DashboardData = Awaited<ReturnType<typeof dashboardData>>;
