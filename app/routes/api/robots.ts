import type { Route } from "./+types/robots";

/** The console and the sign-in pages are not for search engines. */
export function loader({ context }: Route.LoaderArgs) {
  const base = context.app.config.publicUrl.replace(/\/$/, "");
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /auth",
    "Allow: /",
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
