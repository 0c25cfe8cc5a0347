// The articles feature's server-only face for the routes, other features and the boot (docs/architecture.md).
export { articleVersions, draftArticle } from "./article-versions.server";
export {
  getPublishedPost,
  listArticleTeasers,
  listPublishedArticles,
  listPublishedSlugs,
} from "./articles.server";
export { type AdminArticle, articleAction, articlesPage } from "./console-articles.server";
