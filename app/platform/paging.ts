/** Where a console list stands: the page shown, how many pages, how many rows under the filters. */
export interface PageInfo {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
}

/**
 * The page numbers a pager offers: the first, the last, and two either side of the current one;
 * null marks a gap ('…').
 */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= 2) out.push(n);
    else if (out.at(-1) !== null) out.push(null);
  }
  return out;
}
