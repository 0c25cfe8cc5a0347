// Columns and expressions every feature's schema.server.ts shares; drizzle-kit reads this file too,
// so it imports drizzle alone.
import { type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, customType, timestamp } from "drizzle-orm/pg-core";

/**
 * What the console's search box matches: the columns joined by spaces, lower-cased and without
 * accents, so "helene" finds "Hélène". The trigram indexes below are built on this very expression
 * (the migration creates `unaccent_immutable`, unaccent pinned to its dictionary so it may be
 * indexed), and the list queries compare against it with LIKE, which those indexes serve.
 */
export function searchText(...columns: AnyPgColumn[]): SQL {
  const joined = sql.join(
    columns.map((c) => sql`coalesce(${c}, '')`),
    sql` || ' ' || `,
  );
  return sql`unaccent_immutable(lower(${joined}))`;
}

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** Raw bytes (PostgreSQL bytea): both drivers hand back a Uint8Array/Buffer. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});
