import { BookOpen, CheckCircle2 } from "lucide-react";
import { ArticleCard } from "~/features/articles";
import { listArticleTeasers } from "~/features/articles/index.server";
import {
  countFigure,
  FigureList,
  FormationCard,
  type FormationResult,
  figureOf,
  GOALS,
  GoalPicker,
  rateFigure,
} from "~/features/catalogue";
import { listActiveFormations } from "~/features/catalogue/index.server";
import { centreIndicatorFigures } from "~/features/indicators/index.server";
import { CallbackButton } from "~/features/leads";
import { formationKindsLabel, formationKindsOf, pageItems } from "~/features/pages";
import { publicPage } from "~/features/pages/index.server";
import { TestimonialCard } from "~/features/testimonials";
import { listActiveTestimonials } from "~/features/testimonials/index.server";
import { readOrNull } from "~/platform/safe-read.server";
import { seo, siteNameFrom } from "~/platform/seo";
import { useLiveRevalidation } from "~/platform/use-live";
import { ButtonLink } from "~/ui/button";
import { useCentre } from "~/use-root-data";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: `${siteNameFrom(matches)} | ${loaderData?.kinds ?? "Nos formations"}`,
    // The page's own accroche once published; until then, what the catalogue holds.
    description: loaderData?.text.heroText || `${loaderData?.kinds ?? "Nos formations"}.`,
    path: "/",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, logger } = context.app;
  const [formations, figures, testimonials, articles, page] = await Promise.all([
    readOrNull(logger, "formations", () => listActiveFormations(db)),
    readOrNull(logger, "figures", () => centreIndicatorFigures(db)),
    readOrNull(logger, "testimonials", () => listActiveTestimonials(db, 6)),
    readOrNull(logger, "blog_posts", () => listArticleTeasers(db, 3)),
    publicPage({ request, context }, "accueil"),
  ]);
  return {
    // Real figures only: the open formations and the rates their recorded results give.
    activeCount: figures?.activeCount ?? null,
    figures: figures?.figures ?? [],
    goalFormations: (formations ?? []).map(({ slug, title, goals }) => ({ slug, title, goals })),
    // Only the goals some formation serves: a new centre's page said '0 formation recommandée' for
    // each. Chosen here, on the server, so that the page's JavaScript carries no filter (nor the list).
    goals: GOALS.filter((goal) => formations?.some((f) => f.goals.includes(goal.id))),
    alternance: (formations ?? []).filter((f) => f.formationType === "alternance").slice(0, 3),
    courtes: (formations ?? []).filter((f) => f.formationType === "courte").slice(0, 2),
    // 'Formations en alternance et formations courtes', or only the kind the catalogue has.
    kinds: formationKindsLabel(formationKindsOf(formations ?? [])) || "Nos formations",
    // Only the centre's own: a section without any is hidden, never filled with a sample.
    testimonials: (testimonials ?? []).slice(0, 3),
    articles: articles ?? [],
    // The texts, from Pages (none until the page is published: the hero then names the centre,
    // and the sections of the centre's own words are hidden).
    text: page.fields,
    method: pageItems(page.fields.method),
    partners: pageItems(page.fields.partners).map(({ title, lines }) => ({
      author: title,
      quote: lines.join(" "),
    })),
  };
}

function Hero({
  activeCount,
  figures,
  text,
  centreName,
}: {
  activeCount: number | null;
  figures: FormationResult[];
  text: Route.ComponentProps["loaderData"]["text"];
  centreName: string;
}) {
  return (
    <section className="bg-gradient-to-br from-blue-50 via-white to-orange-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:py-24">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          {text.heroTitle || centreName}
        </h1>
        {text.heroText ? (
          <p className="mt-4 max-w-2xl whitespace-pre-line text-lg text-muted-foreground">{text.heroText}</p>
        ) : null}
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to="/formations" size="lg">
            Découvrir nos formations
          </ButtonLink>
          <CallbackButton source="callback_home_hero" variant="outline" size="lg" />
        </div>
        <FigureList
          className="mt-12 grid max-w-2xl grid-cols-3 gap-4"
          figures={[
            activeCount === null ? undefined : countFigure(activeCount),
            rateFigure(figureOf(figures, "satisfaction")),
            rateFigure(figureOf(figures, "reussite")),
          ]}
        />
      </div>
    </section>
  );
}

function FormationsTeaser({
  alternance,
  courtes,
}: Pick<Route.ComponentProps["loaderData"], "alternance" | "courtes">) {
  return (
    <section aria-labelledby="formations-titre" className="mx-auto max-w-7xl px-4 py-16">
      <h2 id="formations-titre" className="text-3xl font-bold">
        Nos formations
      </h2>
      {alternance.length > 0 && (
        <>
          <h3 className="mt-8 text-xl font-semibold">Formations en alternance</h3>
          <ul className="mt-4 grid gap-4 md:grid-cols-3" data-testid="teaser-alternance">
            {alternance.map((f) => (
              <li key={f.slug}>
                <FormationCard formation={f} headingLevel={3} />
              </li>
            ))}
          </ul>
        </>
      )}
      {courtes.length > 0 && (
        <>
          <h3 className="mt-10 text-xl font-semibold">Formations courtes</h3>
          <ul className="mt-4 grid gap-4 md:grid-cols-2" data-testid="teaser-courtes">
            {courtes.map((f) => (
              <li key={f.slug}>
                <FormationCard formation={f} headingLevel={3} />
              </li>
            ))}
          </ul>
        </>
      )}
      <ButtonLink to="/formations" variant="outline" className="mt-8">
        Voir toutes les formations
      </ButtonLink>
    </section>
  );
}

/** The centre's method, as its Pages › Accueil says it; the recommendation rate when recorded. */
function Method({
  figures,
  title,
  method,
}: { figures: FormationResult[]; title: string } & Pick<Route.ComponentProps["loaderData"], "method">) {
  if (method.length === 0) return null;
  return (
    <section aria-labelledby="methode-titre" className="bg-slate-900 py-16 text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 lg:grid-cols-[2fr_1fr]">
        <div>
          <h2 id="methode-titre" className="text-3xl font-bold">
            {title || "Notre méthode pédagogique"}
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2">
            {method.map((item) => (
              <li key={item.title} className="flex gap-4">
                <CheckCircle2 aria-hidden="true" className="h-8 w-8 shrink-0 text-orange-300" />
                <div>
                  <h3 className="font-semibold">{item.title}</h3>
                  {item.lines.length ? (
                    <p className="mt-1 whitespace-pre-line text-sm text-slate-300">{item.lines.join("\n")}</p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </div>
        <div className="grid content-center gap-6">
          <FigureList
            figures={[rateFigure(figureOf(figures, "recommandation"))]}
            itemClassName="rounded-xl bg-white/10 p-6"
            labelClassName="text-sm text-slate-200"
            valueClassName="text-4xl font-bold"
          />
        </div>
      </div>
    </section>
  );
}

/** The centre's testimonials and its partners' words; each part hidden when there is none. */
function Testimonials({
  testimonials,
  partners,
}: Pick<Route.ComponentProps["loaderData"], "testimonials" | "partners">) {
  if (testimonials.length === 0 && partners.length === 0) return null;
  return (
    <section aria-labelledby="temoignages-titre" className="mx-auto max-w-7xl px-4 py-16">
      <h2 id="temoignages-titre" className="text-3xl font-bold">
        Ils nous ont fait confiance
      </h2>
      {testimonials.length > 0 ? (
        <ul className="mt-8 grid gap-4 md:grid-cols-3" data-testid="home-testimonials">
          {testimonials.map((t) => (
            <li key={t.id}>
              <TestimonialCard testimonial={t} />
            </li>
          ))}
        </ul>
      ) : null}
      {partners.length > 0 ? (
        <>
          <h3 className="mt-12 text-xl font-semibold">Nos entreprises partenaires</h3>
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {partners.map((q) => (
              <li key={q.author}>
                <figure className="h-full rounded-xl bg-secondary p-6 text-secondary-foreground">
                  <blockquote>« {q.quote} »</blockquote>
                  <figcaption className="mt-3 text-sm font-semibold">{q.author}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to="/formations">Découvrir nos formations</ButtonLink>
        <CallbackButton source="callback_home_testimonials" variant="outline" />
      </div>
    </section>
  );
}

function LatestArticles({ articles }: Pick<Route.ComponentProps["loaderData"], "articles">) {
  if (articles.length === 0) return null;
  return (
    <section aria-labelledby="articles-titre" className="bg-muted py-16">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="articles-titre" className="flex items-center gap-2 text-3xl font-bold">
          <BookOpen aria-hidden="true" className="h-7 w-7 text-primary" /> Nos derniers articles
        </h2>
        <ul className="mt-8 grid gap-4 md:grid-cols-3" data-testid="home-articles">
          {articles.map((post) => (
            <li key={post.slug}>
              <ArticleCard post={post} />
            </li>
          ))}
        </ul>
        <ButtonLink to="/ressources#articles" variant="outline" className="mt-8">
          Voir toutes les ressources
        </ButtonLink>
      </div>
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  // Testimonials and articles refresh when staff change them.
  useLiveRevalidation(["testimonials", "blog_posts", "formations", "site_pages"]);
  const centre = useCentre();
  return (
    <main id="contenu">
      <Hero
        activeCount={loaderData.activeCount}
        figures={loaderData.figures}
        text={loaderData.text}
        centreName={centre.name || "Nos formations"}
      />
      {loaderData.goals.length > 0 && (
        <GoalPicker
          goals={loaderData.goals}
          formations={loaderData.goalFormations}
          title={loaderData.text.goalsTitle || "Choisissez votre objectif"}
          intro={loaderData.text.goalsText ?? ""}
        />
      )}
      <FormationsTeaser alternance={loaderData.alternance} courtes={loaderData.courtes} />
      <Method
        figures={loaderData.figures}
        title={loaderData.text.methodTitle ?? ""}
        method={loaderData.method}
      />
      <Testimonials testimonials={loaderData.testimonials} partners={loaderData.partners} />
      <LatestArticles articles={loaderData.articles} />
    </main>
  );
}
