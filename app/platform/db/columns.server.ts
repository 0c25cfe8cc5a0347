// Columns and expressions every feature's schema.server.ts shares; drizzle-kit reads this file too,
// so it imports drizzle alone.
import { type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, customType, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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

/**
 * The key of another feature's table, named by its SQL name, for a foreign key that would otherwise
 * make two features import each other (the mail outbox points at five features' records; the audit log
 * at the account that acted; a learner at the application it came from, which imports learners).
 * drizzle-kit only writes tables that a schema file exports, so this stand-in adds no table and the
 * foreign key comes out as if the table were imported; the schema-and-migrations check (npm run
 * db:check) fails if the owner renames the table or its key. `text` for better-auth's string ids.
 */
export function keyOf(table: string, type: "uuid" | "text" = "uuid"): AnyPgColumn {
  return pgTable(table, { id: type === "uuid" ? uuid("id").primaryKey() : text("id").primaryKey() }).id;
}
