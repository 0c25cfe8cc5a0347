// Drafts and published versions of formations, articles and pages, and the scheduled
// publication columns their tables share.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/schema.server";

/**
 * When a row not yet public goes public ('Programmer'), and when a public one stops being public
 * ('Dépublier le …'); null when nothing is planned. The publication scheduler clears each once done.
 */
export const scheduleColumns = () => ({
  publishAt: timestamp("publish_at", { withTimezone: true }),
  unpublishAt: timestamp("unpublish_at", { withTimezone: true }),
});

/**
 * Drafts and published versions of the publishable records (formations, articles, pages), one table
 * for the three: the record's own row (formations, blog_posts, site_pages) stays what visitors read,
 * so every public read, the sitemap, the feeds and the Lhéo export keep reading it as they did, and
 * never see a draft. Beside it, for a record already public:
 * - at most one 'draft' row (the partial unique index): the pending changes, as a whole snapshot of
 *   the record's form (jsonb), which 'Publier' copies into the record's row;
 * - one 'published' row per publication (its snapshot as published, who, when): the 'Historique'
 *   that 'Restaurer' reads back into a draft.
 * A record never published has no draft row: its own row is the draft. `entity_id` is text, and has
 * no foreign key, because the three tables' keys differ (uuid, page id); deleting a record deletes its
 * versions in the same transaction (features/publishing/versions.server.ts).
 */
export const contentVersions = pgTable(
  "content_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The audit entity of the record: 'formation', 'blog_post', 'site_page'. */
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    /** 1, 2, 3… per record, in the order the versions were started. */
    version: integer("version").notNull(),
    state: text("state").notNull(),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept when the account goes: the history still says who. Null: the server (a scheduled publication). */
    authorEmail: text("author_email"),
    /** When the draft was last saved, or when the version was published. */
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("content_versions_state", sql`${t.state} in ('draft', 'published')`),
    uniqueIndex("content_versions_number_idx").on(t.entityType, t.entityId, t.version),
    uniqueIndex("content_versions_one_draft_idx")
      .on(t.entityType, t.entityId)
      .where(sql`${t.state} = 'draft'`),
  ],
);
