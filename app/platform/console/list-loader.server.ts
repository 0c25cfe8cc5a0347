import type { Db } from "~/platform/db/client.server";
import type { PageInfo } from "~/platform/paging";
import type { AppRuntime } from "~/platform/runtime.server";
import {
  type ConsolePermission,
  type Permitted,
  type RequestArgs,
  requireConsolePermission,
} from "./access.server";
import { loadOr } from "./action.server";
import { type Page, pageInfo, requestedPage } from "./paging.server";

/** A list read answers a page, or a page (`list`) with what the screen shows beside it (counters…). */
type ListRead = Page<unknown> | { list: Page<unknown> };
type RowOf<R> = R extends { list: Page<infer Item> } ? Item : R extends Page<infer Item> ? Item : never;
type BesideOf<R> = R extends { list: Page<unknown> } ? Omit<R, "list"> : Record<never, never>;

export interface ConsoleList<Rows extends string, Filters, Read extends ListRead, Also> {
  /** The name the screen reads the page's rows under ('formations', 'requests'…). */
  rows: Rows;
  /** The permission the screen needs; checked before anything is read. */
  permission: ConsolePermission;
  /** What the failure toast names: 'Erreur lors du chargement des {what}'. */
  what: string;
  /** The screen's filters, read from the URL (a list without filters leaves it out). */
  filters?: (params: URLSearchParams) => Filters;
  /** Reads the page asked for (`?page=N`) under the filters. */
  read: (db: Db, filters: Filters, page: number) => Promise<Read>;
  /** What the screen shows when `read` failed (no rows, no counters). */
  empty: NoInfer<Read>;
  /**
   * What else the screen needs, read beside the list once the permission holds (who is signed in,
   * a form's choices); its failures are its own (the list's toast does not cover them).
   */
  also?: (app: AppRuntime, who: Permitted) => Promise<Also> | Also;
}

/**
 * The loader of a console list screen: the permission first (a signed-out visitor is sent to the
 * sign-in page, a role without it refused), then the filters and the page from the URL, then one read
 * whose failure shows the 'Erreur lors du chargement des …' toast over an empty list instead of a 500.
 * The screen receives the page's rows (under the name `rows` says), `page` (the pager), `filters`, `loadError`, what the
 * read answered beside the rows, and what `also` answered.
 */
export async function loadConsoleList<
  Rows extends string,
  Filters = undefined,
  Read extends ListRead = ListRead,
  Also extends object = Record<never, never>,
>(args: RequestArgs, list: ConsoleList<Rows, Filters, Read, Also>) {
  const who = await requireConsolePermission(args, list.permission);
  const { app } = args.context;
  const params = new URL(args.request.url).searchParams;
  const filters = list.filters?.(params) as Filters;
  const [{ value, loadError }, also] = await Promise.all([
    loadOr(app, list.what, () => list.read(app.db, filters, requestedPage(params)), list.empty),
    list.also?.(app, who),
  ]);
  const { list: rows, ...beside } = "list" in value ? value : { list: value };
  return {
    ...(beside as BesideOf<Read>),
    ...(also as Also),
    ...({ [list.rows]: rows.items } as Record<Rows, RowOf<Read>[]>),
    page: pageInfo(rows) as PageInfo,
    filters,
    loadError,
  };
}
