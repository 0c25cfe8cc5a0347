import { and, isNull, lte, sql } from "drizzle-orm";
import type { Publishable } from "~/features/publishing/index.server";
import { blogPosts } from "~/platform/db/schema.server";

const now = sql`now()`;
const returned = { id: blogPosts.id, title: blogPosts.title };

/** Articles, for the publication scheduler: 'Programmé' becomes 'Publié', 'Dépublier le …' happens. */
export const articlePublishing: Publishable = {
  entity: "blog_post",
  table: "blog_posts",
  publishDue: (tx) =>
    tx
      .update(blogPosts)
      .set({ published: true, publishAt: null, updatedAt: now })
      .where(lte(blogPosts.publishAt, now))
      .returning(returned),
  unpublishDue: (tx) =>
    tx
      .update(blogPosts)
      .set({ published: false, unpublishAt: null, updatedAt: now })
      // Only once published: a publication still to come goes first.
      .where(and(lte(blogPosts.unpublishAt, now), isNull(blogPosts.publishAt)))
      .returning(returned),
};
