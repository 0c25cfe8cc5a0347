import { desc, eq } from "drizzle-orm";
import {
  AdminInputError,
  countRows,
  crudAction,
  readPage,
  searchMatch,
} from "~/features/console/index.server";
import { assertImageExists } from "~/features/media/index.server";
import type { Db } from "~/platform/db/client.server";
import { blogPosts } from "~/platform/db/schema.server";
import { type ArticleInput, articleSchema } from "./article-schema";

/** One page of posts, newest first, filtered on title or excerpt. */
export async function articlesPage(db: Db, q: string, page: number) {
  const clause = q ? searchMatch(q, blogPosts.title, blogPosts.excerpt) : undefined;
  return readPage(
    page,
    () => countRows(db, blogPosts, clause),
    (limit, offset) =>
      db
        .select()
        .from(blogPosts)
        .where(clause)
        .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
        .limit(limit)
        .offset(offset),
  );
}

export type AdminArticle = typeof blogPosts.$inferSelect;

const SLUG_TAKEN = "Ce slug est déjà utilisé par un autre article. Choisissez-en un autre.";

/** The blog screen's action: intent = create | update | delete. */
export const articleAction = crudAction<ArticleInput>({
  permission: "blog:write",
  schema: articleSchema,
  entity: "blog_post",
  table: "blog_posts",
  messages: {
    unknown: "Article inconnu.",
    gone: "Cet article n'existe plus.",
    created: "Article créé avec succès",
    updated: "Article mis à jour avec succès",
    deleted: "Article supprimé avec succès",
    slugTaken: SLUG_TAKEN,
  },
  async save(tx, input, id, actor) {
    const [taken] = await tx
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(eq(blogPosts.slug, input.slug));
    if (taken && taken.id !== id) throw new AdminInputError(SLUG_TAKEN, "slug");
    await assertImageExists(tx, input.imageId);
    const [saved] = id
      ? // updated_at is the server's clock, never the form's.
        await tx
          .update(blogPosts)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(blogPosts.id, id))
          .returning({ id: blogPosts.id })
      : await tx
          .insert(blogPosts)
          .values({ ...input, authorId: actor.id })
          .returning({ id: blogPosts.id });
    return saved?.id;
  },
  async current(tx, id) {
    const [row] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id));
    return row;
  },
  title: (_tx, input) => input.title,
  async remove(tx, id) {
    const [deleted] = await tx
      .delete(blogPosts)
      .where(eq(blogPosts.id, id))
      .returning({ title: blogPosts.title });
    return deleted;
  },
});
