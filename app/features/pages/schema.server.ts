// The site's written pages.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { boolean, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt } from "../../platform/db/columns.server";
import { users } from "../accounts/schema.server";
import { scheduleColumns } from "../publishing/schema.server";

/**
 * The site's written pages (Pages in the console): one row per page once staff saved it, keyed by the
 * page's id ('notre-centre', 'cgu'…), its fields as one JSON object (Markdown or plain text per field,
 * as features/pages/definitions.ts declares them). A page without a row shows its default text. This
 * row is what visitors read: its draft and earlier versions sit beside it in content_versions.
 * `publish_at` is when the pending draft goes public ('Programmer'); a page has no 'Dépublier le',
 * since it is never taken off the site.
 */
export const sitePages = pgTable("site_pages", {
  id: text("id").primaryKey(),
  content: jsonb("content").$type<Record<string, string>>().notNull(),
  updatedAt: updatedAt(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  publishAt: scheduleColumns().publishAt,
  // Rows written before pages could wait unpublished were all public: true by default. A page of the
  // centre's own words (features/pages, `centreText`) saved as a draft before its first publication
  // sits here unpublished.
  published: boolean("published").notNull().default(true),
  // The demonstration centre's text (seeded with the demo, deleted by its removal); a staff save clears it.
  demo: boolean("demo").notNull().default(false),
});
