import { LegalPage } from "~/components/site/legal-page";
import { mentionsLegales } from "~/content/legal";
import { seo } from "~/lib/seo";
import { useCentre } from "~/lib/use-root-data";
import type { Route } from "./+types/mentions-legales";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Mentions légales",
    description:
      "Éditeur, hébergeur et conditions d'utilisation des contenus du site du Centre de Formation Avenir.",
    path: "/mentions-legales",
  });

export default function Page() {
  return <LegalPage title="Mentions légales" sections={mentionsLegales(useCentre())} />;
}
