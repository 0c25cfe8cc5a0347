import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { type Article, articles } from "~/features/articles/schema.server";
import { assertImageExists } from "~/features/media/index.server";
import { pendingDraft, type Snapshot, type VersionedKind } from "~/features/publishing/index.server";
import { AdminInputError } from "~/platform/console/action.server";
import { hasControlCharacters } from "~/platform/control-characters";
import type { Db } from "~/platform/db/client.server";

/** What a draft or a version of an article holds: its text, never its state or dates. */
const CONTENT = ["title", "slug", "excerpt", "category", "imageId", "content"] as const;
export type ArticleSnapshot = Pick<Article, (typeof CONTENT)[number]>;

export const ARTICLE_SLUG_TAKEN = "Ce slug est déjà utilisé par un autre article. Choisissez-en un autre.";

export function articleSnapshot(row: ArticleSnapshot): Snapshot {
  return Object.fromEntries(CONTENT.map((key) => [key, row[key]]));
}

async function writeArticle(tx: Db, id: string, snapshot: ArticleSnapshot) {
  const [taken] = await tx.select({ id: articles.id }).from(articles).where(eq(articles.slug, snapshot.slug));
  if (taken && taken.id !== id) throw new AdminInputError(ARTICLE_SLUG_TAKEN, "slug");
  await assertImageExists(tx, snapshot.imageId);
  const [saved] = await tx
    .update(articles)
    .set({ ...articleSnapshot(snapshot), updatedAt: new Date() })
    .where(eq(articles.id, id))
    .returning({ id: articles.id });
  if (!saved) throw new AdminInputError("Cet article n'existe plus.");
}

const now = sql`now()`;

/** Articles for drafts, 'Publier', 'Programmer' and 'Historique' (features/publishing). */
export const articleVersions: VersionedKind = {
  entity: "blog_post",
  table: "blog_posts",
  noun: "l'article",
  async read(tx, id) {
    const [row] = await tx.select().from(articles).where(eq(articles.id, id)).for("update");
    if (!row) return undefined;
    return {
      snapshot: articleSnapshot(row),
      published: row.published,
      title: row.title,
      publishAt: row.publishAt,
      unpublishAt: row.unpublishAt,
    };
  },
  write: (tx, id, snapshot) => writeArticle(tx, id, snapshot as ArticleSnapshot),
  async setPublished(tx, id, published) {
    await tx
      .update(articles)
      .set(
        published
          ? { published: true, publishAt: null, updatedAt: new Date() }
          : { published: false, unpublishAt: null, updatedAt: new Date() },
      )
      .where(eq(articles.id, id));
  },
  async setSchedule(tx, id, dates) {
    await tx.update(articles).set(dates).where(eq(articles.id, id));
  },
  async claimDue(tx, what) {
    const rows =
      what === "publish"
        ? await tx
            .update(articles)
            .set({ publishAt: null })
            .where(lte(articles.publishAt, now))
            .returning({ id: articles.id })
        : await tx
            .update(articles)
            .set({ unpublishAt: null })
            // Only once published: a publication still to come goes first.
            .where(and(lte(articles.unpublishAt, now), isNull(articles.publishAt)))
            .returning({ id: articles.id });
    return rows.map((r) => r.id);
  },
};

/** The article at `slug` as its draft would show it ('Aperçu'), whatever its state. */
export async function draftArticle(db: Db, slug: string): Promise<Article | null> {
  if (hasControlCharacters(slug)) return null;
  const [row] = await db.select().from(articles).where(eq(articles.slug, slug)).limit(1);
  if (!row) return null;
  const draft = await pendingDraft(db, articleVersions, row.id);
  return { ...row, ...(draft?.snapshot as Partial<ArticleSnapshot> | undefined) };
}
