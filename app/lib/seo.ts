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
}

/** Reads `publicUrl` from the root loader's data among a meta function's `matches`. */
export function publicUrlFrom(matches: readonly unknown[]): string {
  for (const match of matches) {
    if (match && typeof match === "object" && "id" in match && match.id === "root" && "data" in match) {
      const data = match.data as { publicUrl?: unknown } | undefined;
      if (typeof data?.publicUrl === "string") return data.publicUrl.replace(/\/$/, "");
    }
  }
  return "";
}

/** Title, description, canonical, Open Graph and optional JSON-LD for one page. */
export function seo(matches: readonly unknown[], page: PageSeo): MetaDescriptor[] {
  const url = `${publicUrlFrom(matches)}${page.path}`;
  const title = page.title.includes(SITE_NAME) ? page.title : `${page.title} | ${SITE_NAME}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "fr_FR" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
  ];
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  if (page.jsonLd) tags.push({ "script:ld+json": page.jsonLd });
  return tags;
}
