// The articles feature's browser-safe face for the routes and other features: they import from
// here, never from its files (docs/architecture.md).
export { ArticleCard } from "./components/article-card";
export { ArticleDialog } from "./components/article-dialog";
