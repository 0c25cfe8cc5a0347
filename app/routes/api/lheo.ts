import { lheoResponse } from "~/features/catalogue/index.server";
import type { Route } from "./+types/lheo";

/**
 * GET /lheo.xml: the published catalogue in Lhéo 2.3 for the Carif-Oref and France Travail
 * (docs/operations.md, « Export Lhéo »): every active formation ready for it, with its upcoming
 * sessions. ETag, 304, cached until the catalogue changes.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  return lheoResponse(context.app, request, null);
}
