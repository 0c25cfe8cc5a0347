import { LegalPage } from "~/features/pages";
import { publicLegalPage } from "~/features/pages/index.server";
import { seo, siteNameFrom } from "~/platform/seo";
import { useLiveRevalidation } from "~/platform/use-live";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Conditions générales d'utilisation",
    description: `Conditions générales d'utilisation du site — ${siteNameFrom(matches)}.`,
    path: "/cgu",
  });

export function loader({ request, context }: Route.LoaderArgs) {
  return publicLegalPage({ request, context }, "cgu");
}

export default function Page({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["site_pages"]);
  return <LegalPage title="Conditions générales d'utilisation" {...loaderData} />;
}
