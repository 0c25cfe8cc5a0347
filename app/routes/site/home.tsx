import { BookOpen, Clock, Headset, Monitor, Sparkles, Users } from "lucide-react";
import { listArticleTeasers } from "~/features/articles/articles.server";
import { ArticleCard } from "~/features/articles/components/article-card";
import { listActiveFormations } from "~/features/catalogue/catalogue.server";
import { countFigure, FigureList, rateFigure } from "~/features/catalogue/components/figures";
import { FormationCard } from "~/features/catalogue/components/formation-card";
import { GoalPicker } from "~/features/catalogue/components/goal-picker";
import { type FormationResult, figureOf } from "~/features/catalogue/results";
import { centreIndicatorFigures } from "~/features/indicators/indicators.server";
import { CallbackButton } from "~/features/leads/components/callback-button";
import {
  FALLBACK_POSTS,
  FALLBACK_TESTIMONIALS,
  METHOD_FEATURES,
  PARTNER_QUOTES,
} from "~/features/pages/home";
import { publicPage } from "~/features/pages/pages.server";
import { TestimonialCard } from "~/features/testimonials/components/testimonial-card";
import { listActiveTestimonials } from "~/features/testimonials/testimonials.server";
import { readOrNull } from "~/platform/safe-read.server";
import { seo, siteNameFrom } from "~/platform/seo";
import { useLiveRevalidation } from "~/platform/use-live";
import { ButtonLink } from "~/ui/button";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: `${siteNameFrom(matches)} | Formations en alternance et formations courtes`,
    description:
      "Formations en alternance et formations courtes, diplômantes ou certifiantes, finançables par le CPF, France Travail (ex-Pôle Emploi) ou votre OPCO.",
    path: "/",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, logger } = context.app;
  const [formations, figures, testimonials, posts, page] = await Promise.all([
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
    alternance: (formations ?? []).filter((f) => f.formationType === "alternance").slice(0, 3),
    courtes: (formations ?? []).filter((f) => f.formationType === "courte").slice(0, 2),
    // The sample only when the database returns nothing or fails.
    testimonials: (testimonials?.length ? testimonials : FALLBACK_TESTIMONIALS).slice(0, 3),
    posts: posts?.length ? posts : FALLBACK_POSTS,
    // Static texts travel as data, not as code: the page's JavaScript budget (125 KB gzip) is spent
    // on what runs, and these lists only render.
    features: METHOD_FEATURES,
    partners: PARTNER_QUOTES,
    // The hero's and the goal section's texts, from Pages.
    text: page.fields,
  };
}

const FEATURE_ICONS = { users: Users, monitor: Monitor, sparkles: Sparkles, headset: Headset } as const;

function Hero({
  activeCount,
  figures,
  text,
}: {
  activeCount: number | null;
  figures: FormationResult[];
  text: Route.ComponentProps["loaderData"]["text"];
}) {
  return (
    <section className="bg-gradient-to-br from-blue-50 via-white to-orange-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:py-24">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{text.heroTitle}</h1>
        <p className="mt-4 max-w-2xl whitespace-pre-line text-lg text-muted-foreground">{text.heroText}</p>
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

function Method({
  figures,
  features,
}: { figures: FormationResult[] } & Pick<Route.ComponentProps["loaderData"], "features">) {
  return (
    <section aria-labelledby="methode-titre" className="bg-slate-900 py-16 text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 lg:grid-cols-[2fr_1fr]">
        <div>
          <h2 id="methode-titre" className="text-3xl font-bold">
            Notre méthode pédagogique
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2">
            {features.map((feature) => {
              const Icon = FEATURE_ICONS[feature.icon];
              return (
                <li key={feature.title} className="flex gap-4">
                  <Icon aria-hidden="true" className="h-8 w-8 shrink-0 text-orange-300" />
                  <div>
                    <h3 className="font-semibold">{feature.title}</h3>
                    <p className="mt-1 text-sm text-slate-300">{feature.description}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
        <div className="grid content-center gap-6">
          <FigureList
            figures={[rateFigure(figureOf(figures, "recommandation"))]}
            itemClassName="rounded-xl bg-white/10 p-6"
            labelClassName="text-sm text-slate-200"
            valueClassName="text-4xl font-bold"
          />
          <dl>
            <div className="flex flex-col-reverse rounded-xl bg-white/10 p-6">
              <dt className="flex items-center gap-2 text-sm text-slate-200">
                <Clock aria-hidden="true" className="h-4 w-4" /> d'accès à la plateforme e-learning
              </dt>
              <dd className="text-4xl font-bold">24/7</dd>
            </div>
          </dl>
        </div>
      </div>
    </section>
  );
}

function Testimonials({
  testimonials,
  partners,
}: Pick<Route.ComponentProps["loaderData"], "testimonials" | "partners">) {
  return (
    <section aria-labelledby="temoignages-titre" className="mx-auto max-w-7xl px-4 py-16">
      <h2 id="temoignages-titre" className="text-3xl font-bold">
        Ils nous ont fait confiance
      </h2>
      <ul className="mt-8 grid gap-4 md:grid-cols-3" data-testid="home-testimonials">
        {testimonials.map((t) => (
          <li key={t.id}>
            <TestimonialCard testimonial={t} />
          </li>
        ))}
      </ul>
      <h3 className="mt-12 text-xl font-semibold">Nos entreprises partenaires</h3>
      <ul className="mt-4 grid gap-4 md:grid-cols-2">
        {partners.map((q) => (
          <li key={q.author}>
            <figure className="h-full rounded-xl bg-secondary p-6 text-secondary-foreground">
              <blockquote>« {q.quote} »</blockquote>
              <figcaption className="mt-3 text-sm font-semibold">
                {q.author}, {q.role} · {q.company}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to="/formations">Découvrir nos formations</ButtonLink>
        <CallbackButton source="callback_home_testimonials" variant="outline" />
      </div>
    </section>
  );
}

function Blog({ posts }: Pick<Route.ComponentProps["loaderData"], "posts">) {
  return (
    <section aria-labelledby="blog-titre" className="bg-muted py-16">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="blog-titre" className="flex items-center gap-2 text-3xl font-bold">
          <BookOpen aria-hidden="true" className="h-7 w-7 text-primary" /> Nos derniers articles
        </h2>
        <ul className="mt-8 grid gap-4 md:grid-cols-3" data-testid="home-posts">
          {posts.map((post) => (
            <li key={post.slug ?? post.title}>
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
  return (
    <main id="contenu">
      <Hero activeCount={loaderData.activeCount} figures={loaderData.figures} text={loaderData.text} />
      <GoalPicker
        formations={loaderData.goalFormations}
        title={loaderData.text.goalsTitle ?? ""}
        intro={loaderData.text.goalsText ?? ""}
      />
      <FormationsTeaser alternance={loaderData.alternance} courtes={loaderData.courtes} />
      <Method figures={loaderData.figures} features={loaderData.features} />
      <Testimonials testimonials={loaderData.testimonials} partners={loaderData.partners} />
      <Blog posts={loaderData.posts} />
    </main>
  );
}
