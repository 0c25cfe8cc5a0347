import type { MetaDescriptor } from "react-router";
import { pageTitle, seo } from "~/platform/seo";
import type { PageContent } from "./definitions";

/**
 * The head of a page of the centre's own words that exists only once published (Notre centre,
 * Financements): its title and its description from Pages, or, while it answers 404, 'Page
 * introuvable' kept out of search engines.
 */
export function centrePageMeta(
  matches: readonly unknown[],
  page: { fields: PageContent } | null | undefined,
  head: { title: string; path: string },
): MetaDescriptor[] {
  if (!page) return [...pageTitle(matches, "Page introuvable"), { name: "robots", content: "noindex" }];
  return seo(matches, { ...head, description: page.fields.description ?? "" });
}
