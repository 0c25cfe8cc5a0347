import { controllerSections, LegalPage } from "~/features/pages";
import { publicLegalPage } from "~/features/pages/index.server";
import { seo, siteNameFrom } from "~/platform/seo";
import { useLiveRevalidation } from "~/platform/use-live";
import { useCentre } from "~/use-root-data";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Politique de confidentialité",
    description: `Comment ${siteNameFrom(matches)} traite vos données personnelles et comment exercer vos droits (RGPD).`,
    path: "/politique-confidentialite",
  });

/**
 * The page's text from Pages, its {{duree_conservation_candidatures}} the period the server applies
 * to refused applications (APPLICATION_RETENTION_MONTHS), its {{duree_conservation_stagiaires}} the
 * learners' retention set in Paramètres; the controller's section comes from Paramètres.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return publicLegalPage({ request, context }, "politique-confidentialite");
}

export default function Page({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["site_pages"]);
  return (
    <LegalPage
      title="Politique de confidentialité"
      sections={controllerSections(useCentre())}
      {...loaderData}
    />
  );
}
