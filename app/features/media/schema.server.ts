// Médiathèque: pictures and their variants.
// drizzle-kit reads this file (drizzle.config.ts): it imports tables, value lists and column helpers only.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt, updatedAt } from "../../platform/db/columns.server";

export const media = pgTable(
  "media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The first 32 hex digits of the SHA-256 of `content`: the variants' address. */
    hash: text("hash").notNull(),
    /**
     * The file as uploaded (never served as is: visitors get re-encoded variants without metadata);
     * NULL when it is kept as a file instead (see above).
     */
    content: bytea("content"),
    format: text("format").notNull(),
    /** As displayed, the EXIF orientation applied. */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    hasAlpha: boolean("has_alpha").notNull().default(false),
    size: integer("size").notNull(),
    fileName: text("file_name").notNull(),
    alt: text("alt").notNull().default(""),
    decorative: boolean("decorative").notNull().default(false),
    /** The focal point, in percent of the width and height (both or neither). */
    focalX: integer("focal_x"),
    focalY: integer("focal_y"),
    credit: text("credit"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("media_format", sql`${t.format} in ('jpeg', 'png', 'webp', 'avif')`),
    check("media_alt_or_decorative", sql`${t.decorative} or length(trim(${t.alt})) > 0`),
    check(
      "media_focal_point",
      sql`(${t.focalX} is null and ${t.focalY} is null) or (${t.focalX} between 0 and 100 and ${t.focalY} between 0 and 100)`,
    ),
    index("media_hash_idx").on(t.hash),
    index("media_created_idx").on(t.createdAt),
  ],
);

/** One width and format of a picture, made once from the original when first asked, kept for all. */
export const mediaVariants = pgTable(
  "media_variants",
  {
    hash: text("hash").notNull(),
    width: integer("width").notNull(),
    format: text("format").notNull(),
    /** NULL when the variant is kept as a file, as its original is. */
    content: bytea("content"),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.width, t.format] })],
);

/**
 * The columns a <picture> is built from: select them as `image` over a left join on `media`. Kept
 * beside the table so that a feature the médiathèque's server face reaches (the settings, for the
 * logo) selects them too without an import circle.
 */
export const pictureColumns = {
  hash: media.hash,
  width: media.width,
  height: media.height,
  hasAlpha: media.hasAlpha,
  alt: media.alt,
  decorative: media.decorative,
  focalX: media.focalX,
  focalY: media.focalY,
};
