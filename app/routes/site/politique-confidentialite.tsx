import { LegalPage } from "~/components/site/legal-page";
import { politiqueConfidentialite } from "~/content/legal";
import { seo } from "~/lib/seo";
import { useCentre } from "~/lib/use-root-data";
import type { Route } from "./+types/politique-confidentialite";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Politique de confidentialité",
    description:
      "Comment le Centre de Formation Avenir traite vos données personnelles et comment exercer vos droits (RGPD).",
    path: "/politique-confidentialite",
  });

export default function Page() {
  return <LegalPage title="Politique de confidentialité" sections={politiqueConfidentialite(useCentre())} />;
}
