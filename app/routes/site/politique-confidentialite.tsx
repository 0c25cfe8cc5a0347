import { LegalPage } from "~/components/site/legal-page";
import { POLITIQUE_CONFIDENTIALITE } from "~/content/legal";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/politique-confidentialite";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Politique de confidentialité",
    description:
      "Comment le Centre de Formation Avenir traite vos données personnelles et comment exercer vos droits (RGPD).",
    path: "/politique-confidentialite",
  });

export default function Page() {
  return <LegalPage title="Politique de confidentialité" sections={POLITIQUE_CONFIDENTIALITE} />;
}
