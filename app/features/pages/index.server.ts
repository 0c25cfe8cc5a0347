// The pages feature's server-only face for the routes and other features: they import from
// here, never from its files (docs/architecture.md).
export { pageVersions } from "./page-versions.server";
export {
  editedPage,
  listPages,
  pagesAction,
  placeholderValues,
  publicLegalPage,
  publicPage,
  publishedPageIds,
} from "./pages.server";
