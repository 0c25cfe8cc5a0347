import { LegalPage, publisherSections } from "~/features/pages";
import { publicLegalPage } from "~/features/pages/index.server";
import { seo, siteNameFrom } from "~/platform/seo";
import { useLiveRevalidation } from "~/platform/use-live";
import { useCentre } from "~/use-root-data";
import type { Route } from "./+types/legal-notice";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Mentions légales",
    description: `Éditeur, hébergeur et conditions d'utilisation des contenus du site — ${siteNameFrom(matches)}.`,
    path: "/mentions-legales",
  });

/** The page's text from Pages; the publisher's sections come from Paramètres (the root loader's centre). */
export function loader({ request, context }: Route.LoaderArgs) {
  return publicLegalPage({ request, context }, "mentions-legales");
}

export default function Page({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["site_pages"]);
  return <LegalPage title="Mentions légales" sections={publisherSections(useCentre())} {...loaderData} />;
}
