import { LegalPage } from "~/features/pages/components/legal-page";
import { mentionsLegales } from "~/features/pages/legal";
import { seo, siteNameFrom } from "~/platform/seo";
import { useCentre } from "~/use-root-data";
import type { Route } from "./+types/mentions-legales";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Mentions légales",
    description: `Éditeur, hébergeur et conditions d'utilisation des contenus du site — ${siteNameFrom(matches)}.`,
    path: "/mentions-legales",
  });

export default function Page() {
  return <LegalPage title="Mentions légales" sections={mentionsLegales(useCentre())} />;
}
