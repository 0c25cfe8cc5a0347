import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Centre de Formation Avenir";

/** What a page says about itself to search engines and link previews. */
export interface PageSeo {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/formations" (query strings are left out on purpose). */
  path: string;
  type?: "website" | "article";
  /** Extra structured data (Course, Article…); EducationalOrganization is in root.tsx for every page. */
  jsonLd?: Record<string, unknown>;
  noindex?: boolean;
  /** More tags the loader prepared (the link preview's picture). */
  more?: MetaDescriptor[];
}

/** The root loader's data among a meta function's `matches`. */
function rootData(matches: readonly unknown[]): { publicUrl?: unknown; centre?: { name?: unknown } | null } {
  for (const match of matches) {
    if (match && typeof match === "object" && "id" in match && match.id === "root" && "data" in match) {
      return (match.data as ReturnType<typeof rootData> | undefined) ?? {};
    }
  }
  return {};
}

/** Reads `publicUrl` from the root loader's data among a meta function's `matches`. */
export function publicUrlFrom(matches: readonly unknown[]): string {
  const { publicUrl } = rootData(matches);
  return typeof publicUrl === "string" ? publicUrl.replace(/\/$/, "") : "";
}

/** The centre's name as set in the console (Paramètres), else the starting one. */
export function siteNameFrom(matches: readonly unknown[]): string {
  const name = rootData(matches).centre?.name;
  return typeof name === "string" && name ? name : SITE_NAME;
}

/** A page's title followed by the centre's name, for pages that say nothing more (errors, forms). */
export function pageTitle(matches: readonly unknown[], title: string): MetaDescriptor[] {
  return [{ title: `${title} | ${siteNameFrom(matches)}` }];
}

/** Title, description, canonical, Open Graph and optional JSON-LD for one page. */
export function seo(matches: readonly unknown[], page: PageSeo): MetaDescriptor[] {
  const url = `${publicUrlFrom(matches)}${page.path}`;
  const siteName = siteNameFrom(matches);
  const title = page.title.includes(siteName) ? page.title : `${page.title} | ${siteName}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: "fr_FR" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
  ];
  if (page.more) tags.push(...page.more);
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  if (page.jsonLd) tags.push({ "script:ld+json": page.jsonLd });
  return tags;
}
