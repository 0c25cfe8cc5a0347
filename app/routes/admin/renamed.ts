import { redirect } from "react-router";
import { renamedConsoleUrl } from "~/features/console";
import type { Route } from "./+types/renamed";

/**
 * An old English console path (app/features/console/renamed-paths.ts): a permanent redirect to its French
 * path, query string kept. It reads neither the session nor the database, so it tells nobody more than
 * the new URL; the screen it leads to checks its own permission. 301 for a read; 308 for a post, so
 * that the browser posts the same form again to the new path.
 */
function moved(request: Request, status: 301 | 308): Response {
  const location = renamedConsoleUrl(new URL(request.url));
  if (!location) throw new Response("Page introuvable.", { status: 404 });
  return redirect(location, status);
}

export function loader({ request }: Route.LoaderArgs) {
  return moved(request, 301);
}

export function action({ request }: Route.ActionArgs) {
  return moved(request, 308);
}
