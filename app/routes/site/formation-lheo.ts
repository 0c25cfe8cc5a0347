import { redirect } from "react-router";
import { canonicalSlugForAlias, lheoResponse } from "~/features/catalogue/index.server";
import { hasControlCharacters } from "~/platform/control-characters";
import type { Route } from "./+types/formation-lheo";

/** GET /formation/:slug/lheo.xml: one formation's offer in Lhéo 2.3, under the same rules as /lheo.xml. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const slug = params.slug.toLowerCase();
  if (hasControlCharacters(slug)) return new Response("Formation non trouvée", { status: 404 });
  const response = await lheoResponse(context.app, request, slug);
  if (response.status === 404) {
    const canonical = await canonicalSlugForAlias(context.app.db, slug);
    if (canonical) throw redirect(`/formation/${canonical}/lheo.xml`, 301);
  }
  return response;
}
