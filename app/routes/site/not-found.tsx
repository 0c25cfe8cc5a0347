import { data } from "react-router";
import { pageTitle } from "~/platform/seo";
import { NotFound } from "~/root";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Page introuvable");

/** Any other path: HTTP 404 and the attempted path in the log. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  context.app.logger.warn({ path: pathname }, "404: page not found");
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}
