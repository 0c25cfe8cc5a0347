import type { ShouldRevalidateFunction } from "react-router";

/**
 * For the loaders that do not read the query string (the root's, the catalogue's): a navigation that
 * changes only the query string of the page on screen (the catalogue's filters as the visitor types)
 * does not run them again. A submission, a live update (same address) or another page still does.
 */
export const skipFilterChanges: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  const filtersOnly =
    !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
  return !filtersOnly && defaultShouldRevalidate;
};
