// Articles (the table keeps its first SQL name, blog_posts: the data hold it).
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, searchText, updatedAt } from "../../platform/db/columns.server";
import { users } from "../accounts/schema.server";
import { media } from "../media/schema.server";
import { scheduleColumns } from "../publishing/schema.server";

export const articles = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    excerpt: text("excerpt"),
    content: text("content").notNull(),
    category: text("category"),
    published: boolean("published").notNull().default(false),
    featuredImage: text("featured_image"),
    /** The picture of its card, page and Open Graph preview, from the médiathèque (kept while in use). */
    imageId: uuid("image_id").references(() => media.id, { onDelete: "restrict" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Part of the demonstration centre (features/demo): removed by 'Supprimer les données de démonstration'. */
    demo: boolean("demo").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Scheduled publication ('Programmé'): see features/publishing.
    ...scheduleColumns(),
  },
  (t) => [
    check("blog_posts_slug_format", sql`${t.slug} ~ '^[a-z0-9][a-z0-9-]*$'`),
    index("blog_posts_published_created_idx").on(t.published, t.createdAt),
    index("blog_posts_publish_at_idx").on(t.publishAt),
    index("blog_posts_unpublish_at_idx").on(t.unpublishAt),
    index("blog_posts_search_idx").using("gin", sql`${searchText(t.title, t.excerpt)} gin_trgm_ops`),
  ],
);

export type Article = typeof articles.$inferSelect;

export type NewArticle = typeof articles.$inferInsert;
