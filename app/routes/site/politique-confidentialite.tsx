import { LegalPage } from "~/features/pages/components/legal-page";
import { politiqueConfidentialite } from "~/features/pages/legal";
import { seo, siteNameFrom } from "~/platform/seo";
import { useCentre } from "~/use-root-data";
import type { Route } from "./+types/politique-confidentialite";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Politique de confidentialité",
    description: `Comment ${siteNameFrom(matches)} traite vos données personnelles et comment exercer vos droits (RGPD).`,
    path: "/politique-confidentialite",
  });

/** The retention period the server applies (APPLICATION_RETENTION_MONTHS), so the page states it. */
export function loader({ context }: Route.LoaderArgs) {
  return { retentionMonths: context.app.config.applicationRetentionMonths };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const centre = useCentre();
  return (
    <LegalPage
      title="Politique de confidentialité"
      sections={politiqueConfidentialite(centre, loaderData.retentionMonths)}
    />
  );
}
