import { LegalPage } from "~/components/site/legal-page";
import { CGU } from "~/content/legal";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/cgu";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Conditions générales d'utilisation",
    description: "Les conditions générales d'utilisation du site du Centre de Formation Avenir.",
    path: "/cgu",
  });

export default function Page() {
  return <LegalPage title="Conditions générales d'utilisation" sections={CGU} />;
}
