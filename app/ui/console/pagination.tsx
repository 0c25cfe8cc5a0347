import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { type PageInfo, pageWindow } from "~/platform/paging";
import { buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";

const count = new Intl.NumberFormat("fr-FR");

/** A list's title with its total under the current filters; no number when the list failed to load. */
export function countedTitle(title: string, page: PageInfo, loadError: string | null): string {
  return loadError ? title : `${title} (${count.format(page.total)})`;
}

/**
 * The pager under a console list: plain links (?page=N, the filters kept), so it works without
 * JavaScript and a page can be bookmarked or shared.
 */
export function Pagination({ page }: { page: PageInfo }) {
  const location = useLocation();
  if (page.total === 0) return null;
  const first = (page.page - 1) * page.pageSize + 1;
  const last = Math.min(page.page * page.pageSize, page.total);
  const href = (n: number) => {
    const params = new URLSearchParams(location.search);
    if (n === 1) params.delete("page");
    else params.set("page", String(n));
    const search = params.toString();
    return { pathname: location.pathname, search: search ? `?${search}` : "" };
  };
  const step = (n: number, label: string, children: ReactNode) =>
    n >= 1 && n <= page.pageCount && n !== page.page ? (
      <Link to={href(n)} aria-label={label} className={buttonClass("outline", "sm")}>
        {children}
      </Link>
    ) : (
      <span aria-disabled="true" className={buttonClass("outline", "sm", "pointer-events-none opacity-50")}>
        {children}
      </span>
    );
  return (
    <div className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-muted-foreground" data-testid="page-range">
        {`${count.format(first)}–${count.format(last)} sur ${count.format(page.total)}`}
      </p>
      {page.pageCount > 1 ? (
        <nav aria-label="Pagination">
          <ul className="flex flex-wrap items-center gap-1">
            <li>
              {step(
                page.page - 1,
                "Page précédente",
                <>
                  <ChevronLeft aria-hidden="true" className="h-4 w-4" />
                  <span className="sr-only sm:not-sr-only">Précédente</span>
                </>,
              )}
            </li>
            {pageWindow(page.page, page.pageCount).map((n, i) =>
              n === null ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place.
                <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted-foreground">
                  …
                </li>
              ) : (
                <li key={n}>
                  <Link
                    to={href(n)}
                    aria-label={`Page ${n}`}
                    aria-current={n === page.page ? "page" : undefined}
                    className={cn(buttonClass(n === page.page ? "default" : "outline", "sm"), "min-w-9")}
                  >
                    {n}
                  </Link>
                </li>
              ),
            )}
            <li>
              {step(
                page.page + 1,
                "Page suivante",
                <>
                  <span className="sr-only sm:not-sr-only">Suivante</span>
                  <ChevronRight aria-hidden="true" className="h-4 w-4" />
                </>,
              )}
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
