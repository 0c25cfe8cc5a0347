import { count } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { blogPosts, formationAliases, formations, testimonials } from "~/platform/db/schema.server";
import type { Logger } from "~/platform/logger.server";
import { SEED_BLOG_POSTS, SEED_FORMATIONS, SEED_TESTIMONIALS } from "./seed-data.server";

// One transaction gives every row the same now(); distinct times keep "newest first" in list order.
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

/**
 * Fills an empty database with the catalogue, testimonials and articles of seed-data.server.ts. It runs at every
 * start but only writes when there is no formation at all, so staff edits are never overwritten,
 * and it writes everything in one transaction so a crash never leaves half a seed.
 */
export async function seedIfEmpty(db: Db, logger?: Logger): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(formations);
  if ((row?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    const slugToId = new Map<string, string>();
    for (const [i, { aliases, ...formation }] of SEED_FORMATIONS.entries()) {
      const [inserted] = await tx
        .insert(formations)
        .values({ ...formation, createdAt: minutesAgo(i) })
        .returning({ id: formations.id });
      if (!inserted) throw new Error(`seed: formation ${formation.slug} not inserted`);
      slugToId.set(formation.slug, inserted.id);
      if (aliases.length) {
        await tx
          .insert(formationAliases)
          .values(aliases.map((alias) => ({ alias, formationId: inserted.id })));
      }
    }
    await tx.insert(testimonials).values(
      SEED_TESTIMONIALS.map(({ formationSlug, ...t }, i) => ({
        ...t,
        createdAt: minutesAgo(i),
        formationId: formationSlug ? (slugToId.get(formationSlug) ?? null) : null,
      })),
    );
    await tx.insert(blogPosts).values(SEED_BLOG_POSTS);
  });
  logger?.info({ formations: SEED_FORMATIONS.length }, "seed: empty database filled");
  return true;
}
