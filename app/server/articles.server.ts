import { and, desc, eq } from "drizzle-orm";
import { readingMinutes } from "~/lib/markdown";
import type { Db } from "./db/client.server";
import { blogPosts } from "./db/schema.server";

/** Public reads of the blog: only `published = true` posts ever reach a visitor (SPEC.md §6). */
const isPublished = eq(blogPosts.published, true);

export interface PostTeaser {
  slug: string;
  title: string;
  excerpt: string | null;
  category: string | null;
  featuredImage: string | null;
  readMinutes: number;
  createdAt: Date;
}

/** SPEC.md §7: the newest published posts (3 on the home page). */
export async function listPublishedPosts(db: Db, limit = 3): Promise<PostTeaser[]> {
  const rows = await db
    .select({
      slug: blogPosts.slug,
      title: blogPosts.title,
      excerpt: blogPosts.excerpt,
      category: blogPosts.category,
      featuredImage: blogPosts.featuredImage,
      content: blogPosts.content,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .where(isPublished)
    .orderBy(desc(blogPosts.createdAt))
    .limit(limit);
  return rows.map(({ content, ...post }) => ({ ...post, readMinutes: readingMinutes(content) }));
}

export async function getPublishedPost(db: Db, slug: string) {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), isPublished))
    .limit(1);
  return row ?? null;
}

/** For the sitemap. */
export async function listPublishedSlugs(db: Db): Promise<{ slug: string; updatedAt: Date }[]> {
  return db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(isPublished)
    .orderBy(desc(blogPosts.createdAt));
}
