import { count, eq } from "drizzle-orm";
import { articles } from "~/features/articles/schema.server";
import { formationAliases, formations } from "~/features/catalogue/schema.server";
import { demoState } from "~/features/demo/schema.server";
import { sitePages } from "~/features/pages/schema.server";
import { centreSettings } from "~/features/settings/schema.server";
import { testimonials } from "~/features/testimonials/schema.server";
import type { Db } from "~/platform/db/client.server";
import type { Logger } from "~/platform/logger.server";
import { DEMO_ARTICLES, DEMO_FORMATIONS, DEMO_TESTIMONIALS } from "./fixtures/catalogue.server";
import { DEMO_PAGES } from "./fixtures/pages.server";

// One transaction gives every row the same now(); distinct times keep "newest first" in list order.
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/**
 * Whether this start seeds the demonstration centre: DEMO_DATA when it is set, else only on the
 * embedded database (the trial of `npm start`); a PostgreSQL start without it gets no demo.
 */
export function demoWanted(choice: "on" | "off" | null, driver: "pglite" | "pg"): boolean {
  return choice === null ? driver === "pglite" : choice === "on";
}

/** The demonstration centre's pages, published and marked `demo`; a page staff already wrote is left alone. */
async function insertDemoPages(tx: Db) {
  const rows = Object.entries(DEMO_PAGES).map(([id, content]) => ({
    id,
    content,
    published: true,
    demo: true,
  }));
  await tx.insert(sitePages).values(rows).onConflictDoNothing();
}

/**
 * A demonstration centre seeded before its pages were fixtures read them from the pages' defaults:
 * while it remains (its identity still in Paramètres), it gets its pages too, so its site stays full.
 * Once the demo is removed, nothing comes back.
 */
async function backfillDemoPages(db: Db) {
  await db.transaction(async (tx) => {
    const [settings] = await tx
      .select({ demo: centreSettings.demo })
      .from(centreSettings)
      .where(eq(centreSettings.id, 1))
      .for("update");
    const [state] = await tx.select({ n: count() }).from(demoState);
    if (settings?.demo && (state?.n ?? 0) > 0) await insertDemoPages(tx);
  });
}

/**
 * Seeds the demonstration centre's catalogue, testimonials and articles (fixtures/), every row
 * marked `demo`, in one transaction so a crash never leaves half a seed. At most once per database
 * (the demo_state row, taken first: a second instance starting at the same moment waits on it, then
 * finds it), and only into a database without any formation, so staff data are never mixed with it
 * and removed demo data never come back. The formations' session dates become sessions afterwards
 * (convertNextSessions, at every start).
 */
export async function seedDemo(db: Db, logger?: Logger): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    const [row] = await tx.select({ n: count() }).from(formations);
    if ((row?.n ?? 0) > 0) return false;
    const claimed = await tx.insert(demoState).values({ id: 1 }).onConflictDoNothing().returning();
    if (claimed.length === 0) return false;
    const slugToId = new Map<string, string>();
    for (const [i, { aliases, ...formation }] of DEMO_FORMATIONS.entries()) {
      const [inserted] = await tx
        .insert(formations)
        .values({ ...formation, demo: true, createdAt: minutesAgo(i) })
        .returning({ id: formations.id });
      if (!inserted) throw new Error(`demo: formation ${formation.slug} not inserted`);
      slugToId.set(formation.slug, inserted.id);
      if (aliases.length) {
        await tx
          .insert(formationAliases)
          .values(aliases.map((alias) => ({ alias, formationId: inserted.id })));
      }
    }
    await tx.insert(testimonials).values(
      DEMO_TESTIMONIALS.map(({ formationSlug, ...t }, i) => ({
        ...t,
        demo: true,
        createdAt: minutesAgo(i),
        formationId: formationSlug ? (slugToId.get(formationSlug) ?? null) : null,
      })),
    );
    await tx.insert(articles).values(DEMO_ARTICLES.map((post) => ({ ...post, demo: true })));
    await insertDemoPages(tx);
    return true;
  });
  if (!seeded) await backfillDemoPages(db);
  if (seeded) logger?.info({ formations: DEMO_FORMATIONS.length }, "demo: demonstration centre seeded");
  return seeded;
}
