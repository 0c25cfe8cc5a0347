import { ArrowLeft, Briefcase, Download } from "lucide-react";
import { data, Link, redirect } from "react-router";
import {
  CertificationSection,
  certificationInfo,
  courseInstances,
  courseOffer,
  DisabilityReferent,
  FormationSessions,
  InfoTiles,
  levelLabels,
  moduleHeading,
  NotFoundFormation,
  PracticalSection,
  practicalRows,
  Section,
} from "~/features/catalogue";
import {
  canonicalSlugForAlias,
  draftFormation,
  getActiveFormation,
  listUpcomingSessions,
} from "~/features/catalogue/index.server";
import { indicatorsJsonLd } from "~/features/indicators";
import { formationIndicators, indicatorsHtml } from "~/features/indicators/index.server";
import { CallbackButton } from "~/features/leads";
import { mediaFacts, openGraphImage, pictureHtml } from "~/features/media/index.server";
import { wantsPreview } from "~/features/publishing/index.server";
import { getCentreSettings, withVat } from "~/features/settings/index.server";
import { TestimonialCard } from "~/features/testimonials";
import { listFormationTestimonials } from "~/features/testimonials/index.server";
import { formatDate, isoDate } from "~/platform/dates";
import { renderMarkdown } from "~/platform/markdown";
import { pageTitle, publicUrlFrom, seo, siteNameFrom } from "~/platform/seo";
import { Badge } from "~/ui/badge";
import { ButtonLink, buttonClass } from "~/ui/button";
import { IconList } from "~/ui/icon-list";
import type { Route } from "./+types/formation";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db } = context.app;
  const slug = params.slug.toLowerCase();
  // 'Aperçu' (staff only): the same page, fed the draft.
  const formation = (await wantsPreview({ request, context }))
    ? await draftFormation(db, slug)
    : await getActiveFormation(db, slug);
  if (formation) {
    const [testimonials, sessions, image, indicators, centre] = await Promise.all([
      listFormationTestimonials(db, formation.id),
      listUpcomingSessions(db, formation.id),
      mediaFacts(db, formation.imageId),
      formationIndicators(db, formation),
      getCentreSettings(db),
    ]);
    // Rendered here, with the articles' renderer (raw HTML escaped): the parser stays on the server.
    const presentation = formation.content?.trim() ? renderMarkdown(formation.content) : null;
    const record = { ...formation, levels: levelLabels(formation) };
    // 'HT (… TTC)' computed here, as the conventions compute it (withVat); null: exempt from VAT.
    const includingVat = centre.vatStatus === "exempt" ? null : withVat(formation.price).including;
    return {
      formation: record,
      includingVat,
      // The rows the programme PDF prints too, made here: the fields' declaration stays on the server.
      practical: practicalRows(record, includingVat),
      certification: certificationInfo(record),
      testimonials,
      sessions,
      presentation,
      offer: courseOffer(formation),
      // The published results, computed from learners and survey answers (the same figures as the
      // programme PDF and Statistiques): HTML and JSON-LD made here, no code of theirs in the browser.
      results: indicatorsHtml(indicators),
      resultsLd: indicatorsJsonLd(indicators),
      // The page's largest picture: fetched first, never lazily.
      picture:
        image &&
        pictureHtml(image, {
          sizes: "(min-width: 1024px) 416px, calc(100vw - 2rem)",
          className: "mt-8 aspect-[3/2] w-full rounded-xl object-cover lg:mt-0",
          priority: true,
        }),
      openGraph: image ? openGraphImage(image, context.app.config.publicUrl) : [],
    };
  }
  // The footer's short slugs are permanent redirects to the canonical page.
  const canonical = await canonicalSlugForAlias(db, slug);
  if (canonical) throw redirect(`/formation/${canonical}`, 301);
  // Unknown or inactive: the 'Formation non trouvée' page, with a real 404 for crawlers.
  return data(
    {
      formation: null,
      testimonials: [],
      sessions: [],
      presentation: null,
      offer: {},
      results: null,
      resultsLd: {},
      picture: null,
      openGraph: [],
    },
    { status: 404 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const formation = loaderData?.formation;
  const sessions = loaderData?.sessions ?? [];
  if (!formation) {
    return [...pageTitle(matches, "Formation non trouvée"), { name: "robots", content: "noindex" }];
  }
  const base = publicUrlFrom(matches);
  return seo(matches, {
    title: formation.title,
    description: formation.description,
    path: `/formation/${formation.slug}`,
    more: loaderData?.openGraph,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Course",
      name: formation.title,
      description: formation.longDescription ?? formation.description,
      url: `${base}/formation/${formation.slug}`,
      ...(formation.rncpCode ? { courseCode: formation.rncpCode } : {}),
      ...(formation.certification ? { educationalCredentialAwarded: formation.certification } : {}),
      inLanguage: "fr",
      provider: { "@type": "EducationalOrganization", name: siteNameFrom(matches), url: base || undefined },
      ...loaderData?.offer,
      ...loaderData?.resultsLd,
      hasCourseInstance: sessions.length
        ? courseInstances(sessions)
        : {
            "@type": "CourseInstance",
            courseMode: formation.format ?? undefined,
            location: formation.location ?? undefined,
          },
    },
  });
};

export default function FormationPage({ loaderData }: Route.ComponentProps) {
  const { formation, testimonials, sessions, presentation, picture, results } = loaderData;
  if (!formation) return <NotFoundFormation />;
  const tags = [
    formation.rncpCode,
    formation.levels.reached && `Niveau de sortie : ${formation.levels.reached}`,
    // Only when staff named the CPF among the funders: the badge is a promise.
    formation.funding.some((f) => /^cpf\b/i.test(f.trim())) ? "Éligible CPF" : null,
  ];
  return (
    <main id="contenu">
      <section className="surface-dark bg-gradient-to-br from-blue-800 to-blue-950 text-white">
        {/* Two columns on a wide screen when the formation has a picture: the texts, then the picture. */}
        <div className="mx-auto max-w-7xl gap-10 px-4 py-12 lg:grid-cols-[1fr_26rem] lg:items-center lg:has-[picture]:grid">
          <div>
            <Link
              to="/formations"
              className="inline-flex items-center gap-1 text-sm text-blue-100 hover:text-white hover:underline"
            >
              <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Retour aux formations
            </Link>
            <div className="mt-6 flex flex-wrap gap-2">
              {formation.badge && <Badge className="bg-orange-700 text-white">{formation.badge}</Badge>}
              {tags.filter(Boolean).map((tag) => (
                <Badge key={tag} className="border-white/40 bg-transparent text-white">
                  {tag}
                </Badge>
              ))}
            </div>
            <h1 className="mt-4 text-4xl font-bold tracking-tight">{formation.title}</h1>
            <p className="mt-4 max-w-3xl text-lg text-blue-100">
              {formation.longDescription ?? formation.description}
            </p>
            <p className="mt-4 text-sm text-blue-100">
              Mis à jour le{" "}
              <time dateTime={isoDate(formation.updatedAt)}>{formatDate(formation.updatedAt)}</time>
            </p>
            <InfoTiles formation={formation} />
            <div className="mt-8 flex flex-wrap gap-3">
              <CallbackButton
                source="callback_course_page"
                formation={formation.title}
                variant="secondary"
                size="lg"
              />
              <ButtonLink
                to={`/contact?formation=${formation.slug}`}
                variant="outline"
                size="lg"
                className="text-foreground"
              >
                Demander des informations
              </ButtonLink>
              <a
                href={`/formation/${formation.slug}/programme.pdf`}
                download
                className={buttonClass("outline", "lg", "text-foreground")}
              >
                <Download aria-hidden="true" className="h-4 w-4" />
                Télécharger le programme (PDF)
              </a>
            </div>
          </div>
          {picture && (
            <div
              // Markup the server wrote from the médiathèque's record (pictureHtml, alternative text escaped).
              // biome-ignore lint/security/noDangerouslySetInnerHtml: see the comment above.
              dangerouslySetInnerHTML={{ __html: picture }}
            />
          )}
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 lg:grid-cols-[2fr_1fr]">
        <div className="grid content-start gap-8">
          <FormationSessions slug={formation.slug} sessions={sessions} />
          {presentation && (
            <Section id="presentation" title="Présentation">
              <div
                className="prose-article"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it output with raw HTML escaped (platform/markdown.ts).
                dangerouslySetInnerHTML={{ __html: presentation }}
              />
            </Section>
          )}
          {formation.objectives.length > 0 && (
            <Section id="objectifs" title="Objectifs de la formation">
              <IconList items={formation.objectives} />
            </Section>
          )}
          {formation.program.length > 0 && (
            <Section id="programme" title="Programme détaillé">
              <ol className="grid gap-4">
                {formation.program.map((module, i) => (
                  <li key={module.title} className="rounded-lg border border-border p-4">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <h3 className="font-semibold">{moduleHeading(i, module.title)}</h3>
                      {module.duration && <Badge variant="secondary">{module.duration}</Badge>}
                    </div>
                    <ul className="mt-2 list-disc pl-5 text-sm text-muted-foreground">
                      {module.content
                        .split("\n")
                        .map((line) => line.trim())
                        .filter(Boolean)
                        .map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                    </ul>
                  </li>
                ))}
              </ol>
            </Section>
          )}
          {formation.careerOpportunities.length > 0 && (
            <Section id="debouches" title="Débouchés professionnels">
              <IconList
                items={formation.careerOpportunities}
                icon={Briefcase}
                iconClassName="h-5 w-5 text-primary"
                className="sm:grid-cols-2"
              />
              {formation.salaryRange && (
                <p className="mt-4 text-sm text-muted-foreground">{`Salaire\u00a0: ${formation.salaryRange}`}</p>
              )}
            </Section>
          )}
          {testimonials.length > 0 && (
            <Section id="temoignages" title="Témoignages">
              <ul className="grid gap-4 md:grid-cols-2">
                {testimonials.map((t) => (
                  <li key={t.id}>
                    <TestimonialCard testimonial={t} />
                  </li>
                ))}
              </ul>
            </Section>
          )}
          <CertificationSection info={loaderData.certification} certification={formation.certification} />
          {results && (
            // The results section the loader rendered (indicators-html.server.ts, text escaped by React).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: see the comment above.
            <div dangerouslySetInnerHTML={{ __html: results }} />
          )}
          <PracticalSection rows={loaderData.practical}>
            <DisabilityReferent />
          </PracticalSection>
        </div>

        <aside className="grid content-start gap-6" aria-label="En bref">
          {formation.prerequisites && (
            <Section id="prerequis" title="Prérequis">
              {/* One prerequisite a line, as staff typed them. */}
              <p className="whitespace-pre-line text-muted-foreground">{formation.prerequisites}</p>
            </Section>
          )}
          {formation.funding.length > 0 && (
            <Section id="financement" title="Financements possibles">
              <ul className="flex flex-wrap gap-2">
                {formation.funding.map((f) => (
                  <li key={f}>
                    <Badge variant="outline">{f}</Badge>
                  </li>
                ))}
              </ul>
              <Link to="/financements" className="mt-3 inline-block text-sm text-primary underline">
                Découvrir les solutions de financement
              </Link>
            </Section>
          )}
          <section
            aria-labelledby="pret"
            className="surface-dark rounded-xl bg-primary p-6 text-primary-foreground"
          >
            <h2 id="pret" className="text-2xl font-bold">
              Prêt à commencer ?
            </h2>
            <p className="mt-2 text-blue-100">
              Un conseiller vous rappelle pour étudier votre projet et votre financement.
            </p>
            <div className="mt-4 grid gap-2">
              <CallbackButton source="callback_ready_card" formation={formation.title} variant="secondary" />
              <ButtonLink to="/contact" variant="outline" className="text-foreground">
                Nous contacter
              </ButtonLink>
            </div>
          </section>
        </aside>
      </div>
    </main>
  );
}
