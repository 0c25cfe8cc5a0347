import { and, count, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "~/platform/db/client.server";
import { searchText } from "~/platform/db/columns.server";
import { likePattern } from "~/platform/form-schema";
import type { PageInfo } from "~/platform/paging";

/** Every console list shows this many rows a page. */
export const PAGE_SIZE = 50;

export interface Page<Item> extends PageInfo {
  items: Item[];
}

/** `?page=N` from the URL; anything that is not a positive whole number means the first page. */
export function requestedPage(params: URLSearchParams): number {
  const raw = params.get("page") ?? "";
  const page = /^\d{1,9}$/.test(raw) ? Number(raw) : 1;
  return Math.max(1, page);
}

/**
 * Reads one page of a list: `count` gives the total under the filters and `rows` reads at most
 * PAGE_SIZE rows from `offset`, both at once (a deep page or a search then costs the slower of the
 * two, not their sum). A page past the end shows the last page (a bookmarked ?page=40 after
 * deletions still shows rows rather than an empty list), at the price of a second read.
 */
export async function readPage<Item>(
  requested: number,
  count: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<Item[]>,
): Promise<Page<Item>> {
  const [total, asked] = await Promise.all([count(), rows(PAGE_SIZE, (requested - 1) * PAGE_SIZE)]);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(requested, pageCount);
  const items = page === requested ? asked : await rows(PAGE_SIZE, (page - 1) * PAGE_SIZE);
  return { items, page, pageCount, total, pageSize: PAGE_SIZE };
}

/**
 * `select count(*) from table where clause`, with `join` (an inner join) when the clause reads
 * another table's columns (a list filtered on its session's formation).
 */
export async function countRows(
  db: Db,
  table: PgTable,
  where?: SQL,
  join?: { table: PgTable; on: SQL },
): Promise<number> {
  const query = db.select({ n: count() }).from(table).$dynamic();
  const [row] = await (join ? query.innerJoin(join.table, join.on) : query).where(where);
  return row?.n ?? 0;
}

/**
 * How many rows of `column`'s table are in each of `statuses`, over the whole table (a screen's
 * counters): one grouped count, every status present (0 when none).
 */
export async function countByStatus<S extends string>(
  db: Db,
  column: AnyPgColumn<{ data: S }>,
  statuses: readonly S[],
): Promise<Record<S, number>> {
  const rows = await db.select({ status: column, n: count() }).from(column.table).groupBy(column);
  const out = Object.fromEntries(statuses.map((s) => [s, 0])) as Record<S, number>;
  for (const row of rows) out[row.status as S] = row.n;
  return out;
}

/** The WHERE clause of a console search: `q` inside the columns, ignoring case and accents. */
export function searchMatch(q: string, ...columns: AnyPgColumn[]): SQL {
  return sql`${searchText(...columns)} like unaccent_immutable(lower(${likePattern(q)}::text))`;
}

/**
 * A console list's WHERE from its filters: `q` searched in `columns`, and each other condition that
 * applies (a filter left empty gives undefined); undefined when nothing filters.
 */
export function listWhere(
  search: { q: string | undefined; columns: AnyPgColumn[] } | null,
  ...conditions: (SQL | undefined)[]
): SQL | undefined {
  const where = [search?.q ? searchMatch(search.q, ...search.columns) : undefined, ...conditions].filter(
    (c): c is SQL => c !== undefined,
  );
  return where.length ? and(...where) : undefined;
}

/** `column = value` when the filter is set, else no condition. */
export const equalIfSet = <T>(column: AnyPgColumn, value: T | null | undefined): SQL | undefined =>
  value === undefined || value === null || value === "" ? undefined : eq(column, value);

/** What the page component needs to draw the pager (the rows go on their own). */
export function pageInfo({ page, pageCount, total, pageSize }: PageInfo): PageInfo {
  return { page, pageCount, total, pageSize };
}

/** A page that failed to load: nothing shown, and the page says so instead of listing zero rows. */
export const NO_PAGE: Page<never> = { items: [], page: 1, pageCount: 1, total: 0, pageSize: PAGE_SIZE };
