import { BadgeCheck, CalendarDays, Download } from "lucide-react";
import { FINANCING_GUIDE, FINANCING_OPTIONS } from "~/features/pages/financing";
import { publicPage } from "~/features/pages/pages.server";
import { seo } from "~/platform/seo";
import { useLiveRevalidation } from "~/platform/use-live";
import { Badge } from "~/ui/badge";
import { ButtonLink, buttonClass } from "~/ui/button";
import { IconList } from "~/ui/icon-list";
import type { Route } from "./+types/financements";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seo(matches, {
    title: "Financer votre formation",
    description: loaderData?.page.fields.description ?? "",
    path: "/financements",
  });

/** The banner, introduction and description from Pages. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { page: await publicPage({ request, context }, "financements") };
}

export default function Financements({ loaderData }: Route.ComponentProps) {
  const text = loaderData.page.fields;
  useLiveRevalidation(["site_pages"]);
  return (
    <main id="contenu">
      <section className="bg-gradient-to-br from-blue-50 via-white to-orange-50">
        <div className="mx-auto max-w-7xl px-4 py-16 text-center">
          {text.badge ? <Badge className="bg-success">{text.badge}</Badge> : null}
          <h1 className="mt-4 text-4xl font-bold tracking-tight">Financer votre formation</h1>
          <p className="mx-auto mt-4 max-w-2xl whitespace-pre-line text-lg text-muted-foreground">
            {text.intro}
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/contact?sujet=rdv" size="lg">
              <CalendarDays aria-hidden="true" className="h-5 w-5" /> Prendre rendez-vous
            </ButtonLink>
            {/* A document, not a route: a plain link so the browser downloads it. */}
            <a href={FINANCING_GUIDE.href} download className={buttonClass("outline", "lg")}>
              <Download aria-hidden="true" className="h-5 w-5" /> {FINANCING_GUIDE.label}
              <span className="sr-only">(PDF)</span>
            </a>
          </div>
        </div>
      </section>

      <section aria-label="Dispositifs de financement" className="mx-auto max-w-7xl px-4 py-16">
        <ul className="grid gap-6 md:grid-cols-3">
          {FINANCING_OPTIONS.map((option) => (
            <li key={option.id} className="flex flex-col rounded-xl border border-border p-6 shadow-sm">
              <BadgeCheck aria-hidden="true" className="h-10 w-10 text-primary" />
              <h2 className="mt-4 text-2xl font-bold">{option.title}</h2>
              <p className="text-muted-foreground">{option.subtitle}</p>
              <p className="mt-4 text-sm">
                <strong>Pour qui :</strong> {option.audience}
              </p>
              <p className="text-xl font-semibold text-primary">{option.amount}</p>
              <IconList
                items={option.features}
                iconClassName="h-4 w-4 text-success"
                className="mt-4 flex-1"
                itemClassName="text-sm"
              />
              <a href={`#details-${option.id}`} className={buttonClass("outline", "default", "mt-6")}>
                En savoir plus<span className="sr-only"> sur {option.title}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="details-titre" className="bg-muted py-16">
        <div className="mx-auto max-w-4xl px-4">
          <h2 id="details-titre" className="text-3xl font-bold">
            Les dispositifs en détail
          </h2>
          {FINANCING_OPTIONS.map((option) => (
            <article key={option.id} id={`details-${option.id}`} className="mt-8 scroll-mt-20">
              <h3 className="text-xl font-semibold">
                {option.title} – {option.subtitle}
              </h3>
              <p className="mt-2 text-muted-foreground">{option.details}</p>
            </article>
          ))}
          <div className="mt-10 flex flex-wrap gap-3">
            <ButtonLink to="/contact?sujet=financement">Poser une question sur le financement</ButtonLink>
            <ButtonLink to="/contact?sujet=rdv" variant="outline">
              Prendre rendez-vous
            </ButtonLink>
          </div>
        </div>
      </section>
    </main>
  );
}
