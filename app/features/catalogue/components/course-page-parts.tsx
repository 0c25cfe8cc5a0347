// The course page's smaller parts: its 404, the tiles under the title, the disability referent.
import { Award, Briefcase, Clock, MapPin } from "lucide-react";
import type { LevelLabels } from "~/features/catalogue/levels";
import { phoneHref } from "~/features/settings";
import { ButtonLink } from "~/ui/button";
import { useCentre } from "~/use-root-data";

export function NotFoundFormation() {
  return (
    <main id="contenu" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Formation non trouvée</h1>
      <p className="text-muted-foreground">Cette formation n'existe pas ou n'est plus proposée.</p>
      <ButtonLink to="/">Retour à l'accueil</ButtonLink>
    </main>
  );
}

export function InfoTiles({
  formation,
}: {
  formation: { duration: string; format: string | null; sector: string | null; levels: LevelLabels };
}) {
  // Duration, format, then level, diploma or sector. A tile with nothing to say is left out: 'Non
  // défini' is the console's wording, not something to show a visitor.
  const tiles = [
    { icon: Clock, label: "Durée", value: formation.duration },
    { icon: MapPin, label: "Format", value: formation.format },
    formation.sector
      ? { icon: Briefcase, label: "Secteur", value: formation.sector }
      : { icon: Award, label: "Niveau requis", value: formation.levels.required },
  ].filter((tile) => tile.value?.trim());
  return (
    <dl className="mt-8 grid gap-3 sm:grid-cols-3">
      {tiles.map((tile) => (
        <div key={tile.label} className="rounded-lg bg-white/10 p-4">
          <dt className="flex items-center gap-2 text-sm text-blue-100">
            <tile.icon aria-hidden="true" className="h-5 w-5 shrink-0" />
            {tile.label}
          </dt>
          <dd className="mt-1 font-semibold">{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Who to ask about accessibility, from Paramètres only (the formation's own text carries no phone):
 * the disability referent, or the centre's phone and e-mail while none is named.
 */
export function DisabilityReferent() {
  const c = useCentre();
  const named = c.referentName || c.referentPhone || c.referentEmail;
  const phone = named ? c.referentPhone : c.phone;
  const email = named ? c.referentEmail : c.email;
  return (
    <div>
      <dt className="font-semibold">Référent handicap</dt>
      <dd className="text-muted-foreground">
        {named ? c.referentName || "Référent·e" : "Contactez le centre"}
        {phone ? (
          <>
            {" · "}
            <a className="text-primary underline" href={`tel:${phoneHref(phone)}`}>
              {phone}
            </a>
          </>
        ) : null}
        {email ? (
          <>
            {" · "}
            <a className="break-all text-primary underline" href={`mailto:${email}`}>
              {email}
            </a>
          </>
        ) : null}
      </dd>
    </div>
  );
}
