import { and, count, desc, eq, sql } from "drizzle-orm";
import { articles, articles as articlesTable } from "~/features/articles/schema.server";
import { cardPicture, type MediaFacts, pictureColumns } from "~/features/media/index.server";
import { media } from "~/features/media/schema.server";
import { hasControlCharacters } from "~/platform/control-characters";
import type { Db } from "~/platform/db/client.server";
import { readingMinutes } from "~/platform/markdown";
import { DEFAULT_ARTICLE_CATEGORY } from "./categories";

/** Public reads of the blog: only `published = true` posts ever reach a visitor. */
const isPublished = eq(articles.published, true);

export interface ArticleTeaser {
  slug: string;
  title: string;
  excerpt: string | null;
  category: string | null;
  /** Its picture from the médiathèque, as markup the server wrote (none: the card has no picture). */
  picture: string | null;
  readMinutes: number;
  createdAt: Date;
}

const teaserColumns = {
  slug: articles.slug,
  title: articles.title,
  excerpt: articles.excerpt,
  category: articles.category,
  content: articles.content,
  createdAt: articles.createdAt,
  image: pictureColumns,
};

const toTeaser = ({
  content,
  image,
  ...post
}: Omit<ArticleTeaser, "readMinutes" | "picture"> & {
  content: string;
  image: MediaFacts | null;
}): ArticleTeaser => ({
  ...post,
  picture: image && cardPicture(image),
  readMinutes: readingMinutes(content),
});

/** The newest published posts (3 on the home page). */
export async function listArticleTeasers(db: Db, limit = 3): Promise<ArticleTeaser[]> {
  const rows = await db
    .select(teaserColumns)
    .from(articles)
    .leftJoin(media, eq(media.id, articles.imageId))
    .where(isPublished)
    .orderBy(desc(articles.createdAt))
    .limit(limit);
  return rows.map(toTeaser);
}

/** Articles per page on /ressources. */
export const ARTICLES_PER_PAGE = 6;

// A post without a category is shown, and filtered, under the cards' default label.
const shownCategory = sql<string>`coalesce(nullif(${articlesTable.category}, ''), ${DEFAULT_ARTICLE_CATEGORY})`;

export interface ArticlesPage {
  articles: ArticleTeaser[];
  /** Every category that has a published post, for the filter. */
  categories: string[];
  /** Published posts in the chosen category (all of them without one). */
  total: number;
  page: number;
  pages: number;
}

/**
 * One page of the published articles, newest first, optionally in one category. A page past the
 * end shows the last one, so an old link never lands on an empty list.
 */
export async function listPublishedArticles(
  db: Db,
  options: { category: string | null; page: number },
): Promise<ArticlesPage> {
  const where = options.category ? and(isPublished, eq(shownCategory, options.category)) : isPublished;
  const [categoryRows, [counted]] = await Promise.all([
    db.selectDistinct({ name: shownCategory }).from(articles).where(isPublished),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  const total = Number(counted?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / ARTICLES_PER_PAGE));
  const page = Math.min(Math.max(1, options.page), pages);
  const rows = await db
    .select(teaserColumns)
    .from(articles)
    .leftJoin(media, eq(media.id, articles.imageId))
    .where(where)
    // The id breaks ties, so that two posts created together never swap between pages.
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(ARTICLES_PER_PAGE)
    .offset((page - 1) * ARTICLES_PER_PAGE);
  return {
    articles: rows.map(toTeaser),
    categories: categoryRows.map((c) => c.name).sort((a, b) => a.localeCompare(b, "fr")),
    total,
    page,
    pages,
  };
}

export async function getPublishedPost(db: Db, slug: string) {
  // An address with a NUL ('/ressources/article/%00') names no article; PostgreSQL would refuse it.
  if (hasControlCharacters(slug)) return null;
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.slug, slug), isPublished))
    .limit(1);
  return row ?? null;
}

/** For the sitemap. */
export async function listPublishedSlugs(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: articles.slug, updatedAt: articles.updatedAt })
    .from(articles)
    .where(isPublished)
    .orderBy(desc(articles.createdAt));
}
