import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { centreFigureData } from "../catalogue.server";
import type { Db } from "../db/client.server";
import { blogPosts, contactRequests, formations, testimonials } from "../db/schema.server";

async function countOf(db: Db, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** Rows created since the first of this month, Paris time. */
const thisMonth = (column: AnyPgColumn) =>
  sql`${column} >= (date_trunc('month', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris')`;

/**
 * The dashboard's counters with what this month added, the five latest requests, and the overview
 * figures computed from the formations' recorded results (the same the public site shows).
 */
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
  const [formationsMonth, postsMonth, requestsMonth, testimonialsMonth, requestsToday, { figures }] =
    await Promise.all([
      countOf(db, formations, thisMonth(formations.createdAt)),
      countOf(db, blogPosts, thisMonth(blogPosts.createdAt)),
      countOf(db, contactRequests, thisMonth(contactRequests.createdAt)),
      countOf(db, testimonials, and(eq(testimonials.active, true), thisMonth(testimonials.createdAt))),
      countOf(
        db,
        contactRequests,
        sql`${contactRequests.createdAt} >= (date_trunc('day', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris')`,
      ),
      centreFigureData(db),
    ]);
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
    formations: { total: formationsAll, active: formationsActive, month: formationsMonth },
    posts: { total: postsAll, published: postsPublished, month: postsMonth },
    requests: { total: requestsAll, new: requestsNew, month: requestsMonth, today: requestsToday },
    testimonials: { active: testimonialsActive, month: testimonialsMonth },
    figures,
    recent,
  };
}

export type DashboardData = Awaited<ReturnType<typeof dashboardData>>;
