import { Download, FileText, Phone } from "lucide-react";
import { useState } from "react";
import { Form, Link } from "react-router";
import { ArticleCard } from "~/features/articles";
import { listPublishedArticles } from "~/features/articles/index.server";
import { filterResources, pageItems, resourcesOf } from "~/features/pages";
import { publicPage } from "~/features/pages/index.server";
import { phoneHref } from "~/features/settings";
import { plural } from "~/platform/plural";
import { readOrNull } from "~/platform/safe-read.server";
import { seo } from "~/platform/seo";
import { useLiveRevalidation } from "~/platform/use-live";
import { ButtonLink, buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { SearchField } from "~/ui/search-field";
import { useCentre } from "~/use-root-data";
import type { Route } from "./+types/resources";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: "Centre de ressources",
    description: loaderData?.page.fields.description || "Les articles du centre de formation.",
    path: "/ressources",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // The articles' category and page live in the URL (?categorie=…&page=2): plain links, so they work
  // without JavaScript and can be shared.
  const category = (params.get("categorie") ?? "").trim().slice(0, 100) || null;
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const { db, logger } = context.app;
  const [articles, text] = await Promise.all([
    readOrNull(logger, "blog_posts", () =>
      listPublishedArticles(db, { category, page: Number.isFinite(page) ? page : 1 }),
    ),
    publicPage({ request, context }, "ressources"),
  ]);
  return {
    // The resources search lives in the URL so it works without JS; once hydrated it filters as you type.
    q: (params.get("q") ?? "").slice(0, 100),
    category,
    articles,
    // Every text from Pages › Ressources (none until the page is published: the articles remain).
    page: text,
    resources: resourcesOf(text.fields.documents),
    faq: pageItems(text.fields.faq),
  };
}

type LoaderData = Route.ComponentProps["loaderData"];

/** The address of one view of the articles; `#articles` brings the list back into view. */
function articlesHref(q: string, category: string | null, page = 1): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (category) params.set("categorie", category);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/ressources${search ? `?${search}` : ""}#articles`;
}

function CategoryLink({ to, current, children }: { to: string; current: boolean; children: string }) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={cn(
        "inline-flex min-h-9 items-center rounded-full border px-3 text-sm",
        current
          ? "border-primary bg-primary text-primary-foreground"
          : "border-border bg-background hover:bg-muted",
      )}
    >
      {children}
    </Link>
  );
}

/** Every published article, newest first, by category and page (the home page shows the latest 3). */
function Articles({ articles, category, q }: Pick<LoaderData, "articles" | "category" | "q">) {
  return (
    <section id="articles" aria-labelledby="articles-titre" className="mx-auto max-w-7xl px-4 py-12">
      <h2 id="articles-titre" className="text-2xl font-bold">
        Articles
      </h2>
      {articles === null ? (
        <p className="mt-6 text-muted-foreground">Les articles sont momentanément indisponibles.</p>
      ) : (
        <>
          <nav aria-label="Catégories d'articles" className="mt-6">
            <ul className="flex flex-wrap gap-2">
              <li>
                <CategoryLink to={articlesHref(q, null)} current={!category}>
                  Tous les articles
                </CategoryLink>
              </li>
              {articles.categories.map((name) => (
                <li key={name}>
                  <CategoryLink to={articlesHref(q, name)} current={name === category}>
                    {name}
                  </CategoryLink>
                </li>
              ))}
            </ul>
          </nav>
          <p className="mt-4 text-sm text-muted-foreground" data-testid="articles-count">
            {plural(articles.total, "article", "articles")}
            {articles.pages > 1 ? ` · page ${articles.page} sur ${articles.pages}` : ""}
          </p>
          {articles.articles.length > 0 ? (
            <ul className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-3" data-testid="articles">
              {articles.articles.map((post) => (
                <li key={post.slug}>
                  <ArticleCard post={post} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-4 text-muted-foreground">
              Aucun article dans cette catégorie.{" "}
              <Link to={articlesHref(q, null)} className="text-primary underline">
                Voir tous les articles
              </Link>
            </p>
          )}
          {articles.pages > 1 && (
            <nav aria-label="Pages des articles" className="mt-6 flex flex-wrap items-center gap-3">
              {articles.page > 1 && (
                <Link to={articlesHref(q, category, articles.page - 1)} className={buttonClass("outline")}>
                  Articles plus récents
                </Link>
              )}
              {articles.page < articles.pages && (
                <Link to={articlesHref(q, category, articles.page + 1)} className={buttonClass("outline")}>
                  Articles plus anciens
                </Link>
              )}
            </nav>
          )}
        </>
      )}
    </section>
  );
}

export default function Resources({ loaderData }: Route.ComponentProps) {
  const [q, setQ] = useState(loaderData.q);
  const centre = useCentre();
  useLiveRevalidation(["site_pages"]);
  const results = filterResources(loaderData.resources, q);
  const text = loaderData.page.fields;
  return (
    <main id="contenu">
      <section className="bg-gradient-to-br from-blue-50 via-white to-orange-50">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h1 className="text-4xl font-bold tracking-tight">Centre de ressources</h1>
          {text.intro ? (
            <p className="mt-4 max-w-2xl whitespace-pre-line text-lg text-muted-foreground">{text.intro}</p>
          ) : null}
          {loaderData.resources.length > 0 ? (
            <Form
              method="get"
              role="search"
              className="mt-8 max-w-xl"
              onSubmit={(event) => event.preventDefault()}
            >
              <SearchField
                label="Rechercher une ressource"
                placeholder="Titre ou catégorie…"
                value={q}
                onValue={(next) => {
                  setQ(next);
                  const search = next ? `?q=${encodeURIComponent(next)}` : "";
                  window.history.replaceState(window.history.state, "", `/ressources${search}`);
                }}
              />
            </Form>
          ) : null}
        </div>
      </section>

      {loaderData.resources.length > 0 ? (
        <section aria-labelledby="ressources-titre" className="mx-auto max-w-7xl px-4 py-12">
          <h2 id="ressources-titre" className="text-2xl font-bold">
            Nos ressources
          </h2>
          <p className="sr-only" role="status">
            {plural(results.length, "ressource")}
          </p>
          {results.length > 0 ? (
            <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {results.map((r) => (
                <li
                  key={r.href}
                  className="flex flex-col gap-3 rounded-xl border border-border p-5 shadow-sm"
                >
                  <FileText aria-hidden="true" className="h-8 w-8 text-primary" />
                  <h3 className="text-lg font-semibold">{r.title}</h3>
                  <p className="flex-1 text-sm text-muted-foreground">{r.description}</p>
                  <a href={r.href} download className={buttonClass()}>
                    <Download aria-hidden="true" className="h-4 w-4" /> Télécharger
                    <span className="sr-only"> {r.title}</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-6 text-muted-foreground">Aucune ressource ne correspond à votre recherche.</p>
          )}
        </section>
      ) : null}

      <Articles articles={loaderData.articles} category={loaderData.category} q={loaderData.q} />

      {loaderData.faq.length > 0 ? (
        <section aria-labelledby="faq-titre" className="bg-muted py-12">
          <div className="mx-auto max-w-3xl px-4">
            <h2 id="faq-titre" className="text-2xl font-bold">
              Questions fréquentes
            </h2>
            {/* <details> is a keyboard- and screen-reader-friendly accordion with no JavaScript. */}
            <div className="mt-6 grid gap-3">
              {loaderData.faq.map((item) => (
                <details key={item.title} className="group rounded-lg border border-border bg-background">
                  <summary className="cursor-pointer list-none p-4 font-semibold marker:hidden [&::-webkit-details-marker]:hidden">
                    <span className="flex items-center justify-between gap-4">
                      {item.title}
                      <span aria-hidden="true" className="transition-transform group-open:rotate-45">
                        +
                      </span>
                    </span>
                  </summary>
                  <p className="whitespace-pre-line px-4 pb-4 text-muted-foreground">
                    {item.lines.join("\n")}
                  </p>
                </details>
              ))}
            </div>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="aide-titre" className="mx-auto max-w-7xl px-4 py-12">
        <div className="surface-dark rounded-xl bg-primary p-8 text-center text-primary-foreground">
          <h2 id="aide-titre" className="text-2xl font-bold">
            Besoin d'aide ?
          </h2>
          <p className="mt-2 text-blue-100">Écrivez-nous ou appelez-nous.</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/contact" variant="secondary">
              Nous contacter
            </ButtonLink>
            <a
              href={`tel:${phoneHref(centre.phone)}`}
              className="inline-flex h-10 items-center gap-2 rounded-md border border-white px-4 text-sm font-medium hover:bg-white/10"
            >
              <Phone aria-hidden="true" className="h-4 w-4" /> {centre.phone}
            </a>
          </div>
        </div>
      </section>
    </main>
  );
}
