import { CheckCircle2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { seo } from "~/platform/seo";
import { ButtonLink } from "~/ui/button";
import type { Route } from "./+types/apply-sent";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seo(matches, {
    title: "Candidature envoyée",
    description: "Votre candidature est bien enregistrée : voici la suite.",
    path: `/formation/${params.slug}/candidature/envoyee`,
    noindex: true,
  });

export function loader({ request }: Route.LoaderArgs) {
  return { waitlisted: new URL(request.url).searchParams.get("attente") === "1" };
}

/** Reached only by the redirect that follows a committed application. */
export default function ApplicationSent({ loaderData, params }: Route.ComponentProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main id="contenu" className="mx-auto max-w-2xl px-4 py-16 text-center" data-testid="application-sent">
      <CheckCircle2 aria-hidden="true" className="mx-auto mb-4 h-14 w-14 text-success" />
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none">
        Candidature envoyée
      </h1>
      {loaderData.waitlisted ? (
        <p className="mt-4 text-lg">
          Cette session est complète : votre candidature est inscrite sur la <strong>liste d'attente</strong>.
          Nous vous prévenons dès qu'une place se libère.
        </p>
      ) : (
        <p className="mt-4 text-lg">Merci ! Votre candidature et vos documents sont bien enregistrés.</p>
      )}
      <section aria-labelledby="la-suite" className="mt-8 rounded-xl border border-border p-6 text-left">
        <h2 id="la-suite" className="text-xl font-semibold">
          Et maintenant ?
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-muted-foreground">
          <li>Vous recevez un e-mail de confirmation dans quelques minutes.</li>
          <li>Notre équipe étudie votre dossier et vous répond sous 5 jours ouvrés.</li>
          <li>Si votre profil correspond, nous vous proposons un entretien (au centre ou en visio).</li>
          <li>Nous étudions ensemble le financement de votre formation.</li>
        </ol>
      </section>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to={`/formation/${params.slug}`} variant="outline">
          Retour à la formation
        </ButtonLink>
        <ButtonLink to="/formations">Voir les autres formations</ButtonLink>
      </div>
    </main>
  );
}
