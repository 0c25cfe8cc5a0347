import { BookOpen, Download, FileText, MessageSquareQuote, Phone, Search, Video } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { CENTRE } from "~/content/centre";
import { FAQ, filterResources, RESOURCES, type Resource } from "~/content/resources";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/ressources";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Centre de ressources",
    description:
      "Guides, supports de webinaires, manuel de l'apprenant et questions fréquentes pour préparer votre formation.",
    path: "/ressources",
  });

export function loader({ request }: Route.LoaderArgs) {
  // The search lives in the URL so it works without JS; once hydrated it filters as you type.
  return { q: (new URL(request.url).searchParams.get("q") ?? "").slice(0, 100) };
}

const ICONS: Record<Resource["type"], typeof FileText> = {
  guide: BookOpen,
  video: Video,
  manuel: FileText,
  temoignage: MessageSquareQuote,
};

export default function Ressources({ loaderData }: Route.ComponentProps) {
  const [q, setQ] = useState(loaderData.q);
  const results = filterResources(RESOURCES, q);
  return (
    <main id="contenu">
      <section className="bg-gradient-to-br from-blue-50 via-white to-orange-50">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h1 className="text-4xl font-bold tracking-tight">Centre de ressources</h1>
          <p className="mt-4 max-w-2xl text-lg text-muted-foreground">
            Guides pratiques, supports et conseils pour préparer votre projet de formation et votre retour à
            l'emploi.
          </p>
          <Form
            method="get"
            role="search"
            className="mt-8 max-w-xl"
            onSubmit={(event) => event.preventDefault()}
          >
            <Label htmlFor="q">Rechercher une ressource</Label>
            <div className="relative mt-1.5">
              <Search aria-hidden="true" className="absolute left-3 top-3 h-4 w-4 text-muted-foreground" />
              <Input
                id="q"
                name="q"
                type="search"
                placeholder="Titre ou catégorie…"
                className="pl-9"
                value={q}
                onChange={(e) => {
                  setQ(e.target.value);
                  const search = e.target.value ? `?q=${encodeURIComponent(e.target.value)}` : "";
                  window.history.replaceState(window.history.state, "", `/ressources${search}`);
                }}
              />
            </div>
          </Form>
        </div>
      </section>

      <section aria-labelledby="ressources-titre" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="ressources-titre" className="text-2xl font-bold">
          Nos ressources
        </h2>
        <p className="sr-only" role="status">
          {results.length} ressource{results.length > 1 ? "s" : ""}
        </p>
        {results.length > 0 ? (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {results.map((r) => {
              const Icon = ICONS[r.type];
              return (
                <li key={r.id} className="flex flex-col gap-3 rounded-xl border border-border p-5 shadow-sm">
                  <Icon aria-hidden="true" className="h-8 w-8 text-primary" />
                  <Badge variant="secondary" className="self-start">
                    {r.category}
                  </Badge>
                  <h3 className="text-lg font-semibold">{r.title}</h3>
                  <p className="flex-1 text-sm text-muted-foreground">{r.description}</p>
                  <a href={r.download} download className={buttonClass()}>
                    <Download aria-hidden="true" className="h-4 w-4" /> Télécharger
                    <span className="sr-only">
                      {" "}
                      {r.title} ({r.format})
                    </span>
                  </a>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="mt-6 text-muted-foreground">Aucune ressource ne correspond à votre recherche.</p>
        )}
      </section>

      <section aria-labelledby="faq-titre" className="bg-muted py-12">
        <div className="mx-auto max-w-3xl px-4">
          <h2 id="faq-titre" className="text-2xl font-bold">
            Questions fréquentes
          </h2>
          {/* <details> is a keyboard- and screen-reader-friendly accordion with no JavaScript. */}
          <div className="mt-6 grid gap-3">
            {FAQ.map((item) => (
              <details key={item.question} className="group rounded-lg border border-border bg-background">
                <summary className="cursor-pointer list-none p-4 font-semibold marker:hidden [&::-webkit-details-marker]:hidden">
                  <span className="flex items-center justify-between gap-4">
                    {item.question}
                    <span aria-hidden="true" className="transition-transform group-open:rotate-45">
                      +
                    </span>
                  </span>
                </summary>
                <p className="px-4 pb-4 text-muted-foreground">{item.answer}</p>
              </details>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="aide-titre" className="mx-auto max-w-7xl px-4 py-12">
        <div className="rounded-xl bg-primary p-8 text-center text-primary-foreground">
          <h2 id="aide-titre" className="text-2xl font-bold">
            Besoin d'aide ?
          </h2>
          <p className="mt-2 text-blue-100">Nos conseillers répondent à toutes vos questions.</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/contact" variant="secondary">
              Nous contacter
            </ButtonLink>
            <a
              href={`tel:${CENTRE.phoneHref}`}
              className="inline-flex h-10 items-center gap-2 rounded-md border border-white px-4 text-sm font-medium hover:bg-white/10"
            >
              <Phone aria-hidden="true" className="h-4 w-4" /> {CENTRE.phone}
            </a>
          </div>
        </div>
      </section>
    </main>
  );
}
