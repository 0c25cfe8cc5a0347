import { X } from "lucide-react";
import { useMemo, useState } from "react";
import { Form, Link, redirect, useLocation, useSearchParams } from "react-router";
import {
  type CatalogueFilters,
  type CatalogueItem,
  currentLevelSearch,
  FORMATION_LEVEL_LABELS,
  FORMATION_LEVELS,
  FORMATION_TYPE_LABELS,
  FORMATION_TYPES,
  FormationCard,
  filterCatalogue,
  filtersToSearch,
  goalById,
  type LevelFilter,
  parseFilters,
  type TypeFilter,
} from "~/features/catalogue";
import { listActiveFormations } from "~/features/catalogue/index.server";
import { formationKindsLabel, formationKindsOf } from "~/features/pages";
import { optionsOf } from "~/platform/options";
import { plural } from "~/platform/plural";
import { skipFilterChanges } from "~/platform/revalidate";
import { seo } from "~/platform/seo";
import { Button, ButtonLink } from "~/ui/button";
import { Label, Select } from "~/ui/input";
import { SearchField } from "~/ui/search-field";
import type { Route } from "./+types/formations";

/** The three catalogue routes of app/routes.ts share this module; the path says which type it forces. */
const VIEWS: Record<string, { type?: TypeFilter; path: string; title: string; intro: string }> = {
  formations: {
    path: "/formations",
    title: "Nos formations",
    // Said from the catalogue instead (catalogueIntro): only the kinds the centre has.
    intro: "",
  },
  "formations-alternance": {
    type: "alternance",
    path: "/formations/alternance",
    title: "Formations en alternance",
    intro: "Les formations du centre qui se suivent en alternance, entre l'entreprise et le centre.",
  },
  "formations-courtes": {
    type: "courte",
    path: "/formations/courtes",
    title: "Formations courtes",
    intro: "Les formations courtes du centre.",
  },
};

/** The whole catalogue's introduction names the kinds of formation it holds, nothing else. */
function catalogueIntro(intro: string, formations: readonly { formationType: string }[]): string {
  if (intro) return intro;
  const kinds = formationKindsLabel(formationKindsOf(formations));
  return kinds ? `${kinds} du centre.` : "Le catalogue du centre.";
}

function viewOf(pathname: string) {
  if (pathname.startsWith("/formations/alternance")) return VIEWS["formations-alternance"]!;
  if (pathname.startsWith("/formations/courtes")) return VIEWS["formations-courtes"]!;
  return VIEWS.formations!;
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const view = viewOf(location.pathname);
  const intro = catalogueIntro(view.intro, loaderData?.formations ?? []);
  return seo(matches, { title: view.title, description: intro, path: view.path });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const view = viewOf(url.pathname);
  // A link from before the levels followed the national framework: the same view at its address now.
  const current = currentLevelSearch(url.searchParams);
  if (current) throw redirect(`${url.pathname}${current}`, 301);
  const filters = parseFilters(url.searchParams, view.type);
  // Every active formation goes to the page so that filtering while typing needs no round trip;
  // the first render is already filtered here, so the page works and is shareable without JS.
  const formations = await listActiveFormations(context.app.db, { list: true });
  // A kind the centre has no active formation of (a centre without alternance): its list would be
  // empty, and nothing links to it; an old link or a typed address lands on the whole catalogue.
  if (view.type && !formations.some((f) => f.formationType === view.type)) throw redirect("/formations");
  return { formations, filters, lockedType: view.type ?? null };
}

/**
 * Filtering changes only the query string, and every active formation is already on the page: no
 * loader runs again for it (the root's neither, see app/root.tsx). A live update (same address) or a
 * new page does.
 */
export const shouldRevalidate = skipFilterChanges;

const TYPE_OPTIONS = [
  { value: "all", label: "Tous les types" },
  ...optionsOf(FORMATION_TYPES, FORMATION_TYPE_LABELS),
];

const LEVEL_OPTIONS = [
  { value: "all", label: "Tous les niveaux" },
  ...optionsOf(FORMATION_LEVELS, FORMATION_LEVEL_LABELS),
];

/** One of the catalogue's two level filters: a select of the national framework's levels. */
function LevelSelect({
  name,
  label,
  value,
  onValue,
}: {
  name: string;
  label: string;
  value: LevelFilter;
  onValue: (value: LevelFilter) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={name}>{label}</Label>
      <Select
        id={name}
        name={name}
        value={value}
        onChange={(e) => onValue(e.target.value as LevelFilter)}
        options={LEVEL_OPTIONS}
      />
    </div>
  );
}

function Catalogue({
  formations,
  initial,
  lockedType,
  path,
}: {
  formations: CatalogueItem[];
  initial: CatalogueFilters;
  lockedType: TypeFilter | null;
  path: string;
}) {
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState(initial);
  // The address is the router's: what the visitor types shows at once (state), the address follows
  // it (replace, no scroll), and an address changed otherwise (back button, a link) sets the fields.
  const written = (next: CatalogueFilters) => filtersToSearch(lockedType ? { ...next, type: "all" } : next);
  const search = params.toString();
  const [seen, setSeen] = useState(search);
  if (search !== seen) {
    setSeen(search);
    if (search !== written(filters).slice(1)) {
      setFilters(parseFilters(params, lockedType ?? undefined));
    }
  }
  const goal = goalById(filters.objectif);
  const results = useMemo(() => filterCatalogue(formations, filters, goal?.id), [formations, filters, goal]);

  const update = (patch: Partial<CatalogueFilters>) => {
    const next = { ...filters, ...patch };
    setFilters(next);
    setParams(new URLSearchParams(written(next)), { replace: true, preventScrollReset: true });
  };
  const resetTo = path;

  return (
    <>
      <Form
        method="get"
        action={path}
        role="search"
        aria-label="Filtrer les formations"
        className="grid gap-4 rounded-xl border border-border bg-muted p-4 md:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] md:items-end"
        onSubmit={(event) => event.preventDefault()}
      >
        <SearchField
          label="Rechercher une formation"
          placeholder="Titre, compétence…"
          value={filters.q}
          onValue={(q) => update({ q })}
        />
        {lockedType ? null : (
          <div className="grid gap-1.5">
            <Label htmlFor="type">Type de formation</Label>
            <Select
              id="type"
              name="type"
              value={filters.type}
              onChange={(e) => update({ type: e.target.value as CatalogueFilters["type"] })}
              options={TYPE_OPTIONS}
            />
          </div>
        )}
        {/* 'Niveau' is the diploma's or title's: 'Niveau 5' finds the Bac+2. */}
        <LevelSelect
          name="niveau"
          label="Niveau"
          value={filters.level}
          onValue={(level) => update({ level })}
        />
        <LevelSelect
          name="requis"
          label="Niveau requis"
          value={filters.required}
          onValue={(required) => update({ required })}
        />
        {filters.objectif && <input type="hidden" name="objectif" value={filters.objectif} />}
        {/* Without JS the form is a plain GET; once hydrated, results follow the fields as they change. */}
        <noscript>
          <Button type="submit">Filtrer</Button>
        </noscript>
      </Form>

      {goal && (
        <p className="mt-4 flex flex-wrap items-center gap-2 text-sm">
          Objectif : <strong>{goal.title}</strong>
          <Link
            to={`${path}${filtersToSearch({ ...filters, objectif: "", type: lockedType ? "all" : filters.type })}`}
            className="inline-flex items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-secondary-foreground hover:underline"
          >
            <X aria-hidden="true" className="h-3 w-3" /> Retirer l'objectif
          </Link>
        </p>
      )}

      <p className="mt-6 font-medium" role="status" data-testid="result-count">
        {plural(results.length, "formation trouvée", "formations trouvées")}
      </p>

      {results.length > 0 ? (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {results.map((f) => (
            <li key={f.slug}>
              <FormationCard formation={f} headingLevel={2} thumbnailOnPhones />
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-4 rounded-xl border border-dashed border-border p-10 text-center">
          <p className="text-muted-foreground">
            <strong className="block text-lg font-semibold text-foreground">Aucune formation trouvée.</strong>{" "}
            Essayez de modifier vos critères de recherche ou de filtrage
          </p>
          <ButtonLink to={resetTo} variant="outline" className="mt-4">
            Réinitialiser les filtres
          </ButtonLink>
        </div>
      )}
    </>
  );
}

export default function FormationsPage({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const view = viewOf(location.pathname);
  return (
    <main id="contenu" className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-4xl font-bold tracking-tight">{view.title}</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
        {catalogueIntro(view.intro, loaderData.formations)}
      </p>
      <div className="mt-8">
        {/* Another catalogue (alternance, courtes) starts again from what the server filtered. */}
        <Catalogue
          key={view.path}
          formations={loaderData.formations}
          initial={loaderData.filters}
          lockedType={loaderData.lockedType}
          path={view.path}
        />
      </div>
      <section
        aria-labelledby="cta-titre"
        className="surface-dark mt-16 rounded-xl bg-primary p-8 text-center text-primary-foreground"
      >
        <h2 id="cta-titre" className="text-2xl font-bold">
          Vous ne trouvez pas la formation qu'il vous faut ?
        </h2>
        <p className="mt-2">
          Nos conseillers vous orientent gratuitement vers le parcours adapté à votre projet.
        </p>
        <ButtonLink to="/contact" variant="secondary" className="mt-6">
          Contactez-nous
        </ButtonLink>
      </section>
    </main>
  );
}
