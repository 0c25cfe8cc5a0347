import { listPublishedSlugs } from "~/features/articles/index.server";
import { listActiveFormationSlugs } from "~/features/catalogue/index.server";
import type { PageId } from "~/features/pages";
import { FOOTER_LEGAL, type FormationKinds, footerCentreLinks, formationKindsOf } from "~/features/pages";
import { publishedPageIds } from "~/features/pages/index.server";
import type { Route } from "./+types/sitemap";

/**
 * The public pages a visitor can open: the catalogue's sub-lists only for the kinds of formation the
 * centre has, and the pages of the centre's own words only once published (the navigation's rule);
 * before, the sitemap sent search engines to pages answering 404 or to an empty list.
 */
function publicPaths(published: readonly PageId[], kinds: FormationKinds): string[] {
  return [
    "/",
    "/formations",
    ...(kinds.alternance ? ["/formations/alternance"] : []),
    ...(kinds.courte ? ["/formations/courtes"] : []),
    ...footerCentreLinks(published).map((link) => link.to),
    ...FOOTER_LEGAL.map((link) => link.to).filter((to) => to !== "/reclamation"),
  ];
}

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.app;
  const base = config.publicUrl.replace(/\/$/, "");
  const [formations, articles, published] = await Promise.all([
    listActiveFormationSlugs(db),
    listPublishedSlugs(db),
    publishedPageIds(db),
  ]);
  const entries = [
    ...publicPaths(published, formationKindsOf(formations)).map((path) => ({
      path,
      lastmod: null as Date | null,
    })),
    ...formations.map((f) => ({ path: `/formation/${f.slug}`, lastmod: f.updatedAt })),
    ...articles.map((p) => ({ path: `/ressources/article/${p.slug}`, lastmod: p.updatedAt })),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries
  .map(
    (e) =>
      `  <url><loc>${escapeXml(`${base}${e.path}`)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ""}</url>`,
  )
  .join("\n")}
</urlset>
`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
