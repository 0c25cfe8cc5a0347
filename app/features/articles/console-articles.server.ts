import { desc, eq, type SQL } from "drizzle-orm";
import { can } from "~/features/accounts";
import { type Article, articles, articles as articlesTable } from "~/features/articles/schema.server";
import { crudAction } from "~/features/audit/index.server";
import { assertImageExists } from "~/features/media/index.server";
import { PUBLISHED_AND_SCHEDULED } from "~/features/publishing";
import {
  forgetVersions,
  idsWithDraft,
  publishRecord,
  saveEdit,
  unpublishRecord,
} from "~/features/publishing/index.server";
import { AdminInputError } from "~/platform/console/action.server";
import { countRows, readPage, searchMatch } from "~/platform/console/paging.server";
import type { Db } from "~/platform/db/client.server";
import { type ArticleInput, articleSchema } from "./article-schema";
import { ARTICLE_SLUG_TAKEN, articleVersions } from "./article-versions.server";

/** One page of posts, newest first, filtered on title or excerpt. */
export async function articlesPage(db: Db, q: string, page: number) {
  const clause = q ? searchMatch(q, articlesTable.title, articlesTable.excerpt) : undefined;
  const [list, drafts] = await Promise.all([
    readArticles(db, clause, page),
    idsWithDraft(db, articleVersions),
  ]);
  // The editor opens on the pending draft, the changes staff are working on.
  return {
    ...list,
    items: list.items.map((row) => ({
      ...row,
      ...(drafts.get(row.id) as Partial<Article> | undefined),
      hasDraft: drafts.has(row.id),
    })),
  };
}

function readArticles(db: Db, clause: SQL | undefined, page: number) {
  return readPage(
    page,
    () => countRows(db, articles, clause),
    (limit, offset) =>
      db
        .select()
        .from(articles)
        .where(clause)
        .orderBy(desc(articles.createdAt), desc(articles.id))
        .limit(limit)
        .offset(offset),
  );
}

export type AdminArticle = Awaited<ReturnType<typeof articlesPage>>["items"][number];

const DRAFT_SAVED = "Brouillon enregistré : la version publiée reste en ligne jusqu'à « Publier »";

function refusePublication(): never {
  throw new AdminInputError(
    "Publier, programmer ou dépublier est réservé aux administrateurs : laissez « Publier l'article » et les dates comme ils étaient, la modification sera un brouillon.",
    "published",
  );
}

const sameInstant = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** The blog screen's action: intent = create | update | delete. */
export const articleAction = crudAction<ArticleInput>({
  permission: "articles:write",
  schema: articleSchema,
  entity: "blog_post",
  table: "blog_posts",
  messages: {
    unknown: "Article inconnu.",
    gone: "Cet article n'existe plus.",
    created: "Article créé avec succès",
    updated: "Article mis à jour avec succès",
    deleted: "Article supprimé avec succès",
    slugTaken: ARTICLE_SLUG_TAKEN,
  },
  async save(tx, input, id, actor, _app, role) {
    const { published, publishAt, unpublishAt, publish, ...snapshot } = input;
    const mayPublish = can(role, "content:publish");
    const live = id ? await articleVersions.read(tx, id) : undefined;
    // A published article's date is its draft's publication: 'Programmé' stays editable.
    if (publishAt && published && !live?.published) {
      throw new AdminInputError(PUBLISHED_AND_SCHEDULED, "publishAt");
    }
    if (!id) {
      // Publishing or scheduling a new article is the publishers' (permissions.ts).
      if ((published || publishAt || unpublishAt) && !mayPublish) refusePublication();
      const [taken] = await tx
        .select({ id: articles.id })
        .from(articles)
        .where(eq(articles.slug, snapshot.slug));
      if (taken) throw new AdminInputError(ARTICLE_SLUG_TAKEN, "slug");
      await assertImageExists(tx, snapshot.imageId);
      const [created] = await tx
        .insert(articles)
        .values({ ...snapshot, published: false, publishAt, unpublishAt, authorId: actor.id })
        .returning({ id: articles.id });
      if (!created) return undefined;
      if (published) await publishRecord(tx, articleVersions, created.id, actor);
      return created.id;
    }
    if (!live) return undefined;
    const datesChanged =
      !sameInstant(publishAt, live.publishAt) || !sameInstant(unpublishAt, live.unpublishAt);
    if (datesChanged && !mayPublish) refusePublication();
    // A published article keeps what visitors see: the edit is its draft until 'Publier'.
    if ((await saveEdit(tx, articleVersions, id, snapshot, actor)) === "draft") {
      if (datesChanged) await articleVersions.setSchedule(tx, id, { publishAt, unpublishAt });
      if (published && !publish) return { id, toast: DRAFT_SAVED };
      if (!mayPublish) refusePublication();
      if (published) await publishRecord(tx, articleVersions, id, actor);
      else await unpublishRecord(tx, articleVersions, id);
      return id;
    }
    if (datesChanged) await articleVersions.setSchedule(tx, id, { publishAt, unpublishAt });
    if (published) {
      if (!mayPublish) refusePublication();
      await publishRecord(tx, articleVersions, id, actor);
    }
    return id;
  },
  async current(tx, id) {
    const [row] = await tx.select().from(articles).where(eq(articles.id, id));
    return row;
  },
  title: (_tx, input) => input.title,
  async remove(tx, id) {
    await forgetVersions(tx, articleVersions, id);
    const [deleted] = await tx
      .delete(articles)
      .where(eq(articles.id, id))
      .returning({ title: articles.title });
    return deleted;
  },
});
