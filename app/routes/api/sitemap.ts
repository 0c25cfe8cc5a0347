import { listPublishedSlugs } from "~/features/articles/articles.server";
import { listActiveFormationSlugs } from "~/features/catalogue/catalogue.server";
import type { Route } from "./+types/sitemap";

/** Every public page, active formation and published article. */
const STATIC_PATHS = [
  "/",
  "/formations",
  "/formations/alternance",
  "/formations/courtes",
  "/financements",
  "/notre-centre",
  "/contact",
  "/ressources",
  "/mentions-legales",
  "/politique-confidentialite",
  "/cgu",
];

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.app;
  const base = config.publicUrl.replace(/\/$/, "");
  const [formations, articles] = await Promise.all([listActiveFormationSlugs(db), listPublishedSlugs(db)]);
  const entries = [
    ...STATIC_PATHS.map((path) => ({ path, lastmod: null as Date | null })),
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
