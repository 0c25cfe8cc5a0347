import { LegalPage } from "~/features/pages/components/legal-page";
import { CGU } from "~/features/pages/legal";
import { seo, siteNameFrom } from "~/platform/seo";
import type { Route } from "./+types/cgu";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Conditions générales d'utilisation",
    description: `Conditions générales d'utilisation du site — ${siteNameFrom(matches)}.`,
    path: "/cgu",
  });

export default function Page() {
  return <LegalPage title="Conditions générales d'utilisation" sections={CGU} />;
}
