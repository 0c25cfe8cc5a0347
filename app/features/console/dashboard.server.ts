import { and, desc, eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { articles } from "~/features/articles/schema.server";
import { formations } from "~/features/catalogue/schema.server";
import { centreIndicatorFigures } from "~/features/indicators/index.server";
import { contactRequests } from "~/features/leads/schema.server";
import { testimonials } from "~/features/testimonials/schema.server";
import { countRows } from "~/platform/console/paging.server";
import type { Db } from "~/platform/db/client.server";

/** Rows created since the first of this month, Paris time. */
const thisMonth = (column: AnyPgColumn) =>
  sql`${column} >= (date_trunc('month', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris')`;

/**
 * The dashboard's counters with what this month added, the five latest requests, and the overview
 * figures computed from the learners and survey answers, or archived (the same the public site shows).
 */
export async function dashboardData(db: Db) {
  const [formationsAll, formationsActive, articlesAll, articlesPublished, requestsAll, requestsNew] =
    await Promise.all([
      countRows(db, formations),
      countRows(db, formations, eq(formations.active, true)),
      countRows(db, articles),
      countRows(db, articles, eq(articles.published, true)),
      countRows(db, contactRequests),
      countRows(db, contactRequests, eq(contactRequests.status, "new")),
    ]);
  const testimonialsActive = await countRows(db, testimonials, eq(testimonials.active, true));
  const [formationsMonth, articlesMonth, requestsMonth, testimonialsMonth, requestsToday, { figures }] =
    await Promise.all([
      countRows(db, formations, thisMonth(formations.createdAt)),
      countRows(db, articles, thisMonth(articles.createdAt)),
      countRows(db, contactRequests, thisMonth(contactRequests.createdAt)),
      countRows(db, testimonials, and(eq(testimonials.active, true), thisMonth(testimonials.createdAt))),
      countRows(
        db,
        contactRequests,
        sql`${contactRequests.createdAt} >= (date_trunc('day', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris')`,
      ),
      centreIndicatorFigures(db),
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
    articles: { total: articlesAll, published: articlesPublished, month: articlesMonth },
    requests: { total: requestsAll, new: requestsNew, month: requestsMonth, today: requestsToday },
    testimonials: { active: testimonialsActive, month: testimonialsMonth },
    figures,
    recent,
  };
}

export type DashboardData = Awaited<ReturnType<typeof dashboardData>>;
