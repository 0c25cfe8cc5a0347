/** The label of an article without a category (cards, the /ressources filter and its query). */
export const DEFAULT_ARTICLE_CATEGORY = "Actualités";
