// Témoignages.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, searchText } from "../../platform/db/columns.server";
import { formations } from "../catalogue/schema.server";
import { media } from "../media/schema.server";

export const testimonials = pgTable(
  "testimonials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    content: text("content").notNull(),
    company: text("company"),
    position: text("position"),
    /** The author's photo from the médiathèque (its deletion is refused while it is here). */
    imageId: uuid("image_id").references(() => media.id, { onDelete: "restrict" }),
    videoUrl: text("video_url"),
    formationId: uuid("formation_id").references(() => formations.id, { onDelete: "set null" }),
    rating: integer("rating").notNull().default(5),
    active: boolean("active").notNull().default(true),
    /** Part of the demonstration centre (features/demo): removed by 'Supprimer les données de démonstration'. */
    demo: boolean("demo").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check("testimonials_rating_range", sql`${t.rating} between 1 and 5`),
    index("testimonials_active_created_idx").on(t.active, t.createdAt),
    index("testimonials_search_idx").using(
      "gin",
      sql`${searchText(t.name, t.content, t.company)} gin_trgm_ops`,
    ),
  ],
);

export type Testimonial = typeof testimonials.$inferSelect;

export type NewTestimonial = typeof testimonials.$inferInsert;
