import { Award, Clock, Mail, MapPin, Phone, Users } from "lucide-react";
import { data } from "react-router";
import { countFigure, FigureList, figureOf, rateFigure } from "~/features/catalogue";
import { centreIndicatorFigures } from "~/features/indicators/index.server";
import { centrePageMeta } from "~/features/pages";
import { publicPage } from "~/features/pages/index.server";
import { ACTIVITY_NOTICE, capitalClause, phoneHref, QualiopiMention } from "~/features/settings";
import { formatDate } from "~/platform/dates";
import { readOrNull } from "~/platform/safe-read.server";
import { useLiveRevalidation } from "~/platform/use-live";
import { NotFound } from "~/root";
import { ButtonLink } from "~/ui/button";
import { useCentre } from "~/use-root-data";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  centrePageMeta(matches, loaderData?.page, { title: "Notre centre", path: "/notre-centre" });

/**
 * The figures from the formations' records; the texts from Pages (Markdown rendered here, on the
 * server). Until the centre publishes the page, there is no page (404): its presentation, labels and
 * mission are the centre's to write.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, logger } = context.app;
  const [figures, page] = await Promise.all([
    readOrNull(logger, "figures", () => centreIndicatorFigures(db)),
    publicPage({ request, context }, "notre-centre"),
  ]);
  if (!page.published) return data({ figures: null, page: null }, { status: 404 });
  return { figures, page };
}

export default function NotreCentre({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["formations", "site_pages"]);
  const centre = useCentre();
  if (!loaderData.page) return <NotFound />;
  const data = loaderData.figures;
  const figures = data?.figures ?? [];
  const text = loaderData.page.fields;
  return (
    <main id="contenu">
      <section className="bg-gradient-to-br from-blue-50 via-white to-orange-50">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h1 className="text-4xl font-bold tracking-tight">Notre centre</h1>
          <p className="mt-4 max-w-3xl whitespace-pre-line text-lg text-muted-foreground">{text.intro}</p>
          {centre.qualiopiShown ? (
            <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Certification Qualiopi">
              <li className="flex gap-3 rounded-xl border border-border bg-background p-4">
                <Award aria-hidden="true" className="h-8 w-8 shrink-0 text-primary" />
                <div>
                  <p className="font-semibold">Qualiopi</p>
                  <QualiopiMention
                    centre={centre}
                    className="text-sm text-muted-foreground"
                    linkClassName="text-primary underline"
                  />
                </div>
              </li>
            </ul>
          ) : null}
          {text.certifications ? (
            <div
              className="prose-cards mt-4"
              // Safe: markdown-it with html: false (platform/markdown.ts) escapes raw HTML.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: see the comment above.
              dangerouslySetInnerHTML={{ __html: text.certifications }}
            />
          ) : null}
        </div>
      </section>

      <section aria-label="Chiffres clés" className="mx-auto max-w-7xl px-4 py-12">
        <FigureList
          className="grid grid-cols-2 gap-6 text-center md:grid-cols-4"
          itemClassName="rounded-xl bg-muted p-6"
          labelClassName="text-muted-foreground"
          valueClassName="text-4xl font-bold text-primary"
          figures={[
            data ? countFigure(data.activeCount) : undefined,
            rateFigure(figureOf(figures, "satisfaction")),
            rateFigure(figureOf(figures, "reussite")),
            rateFigure(figureOf(figures, "insertion")),
          ]}
        />
      </section>

      <section aria-labelledby="mission" className="mx-auto grid max-w-7xl gap-10 px-4 py-12 lg:grid-cols-2">
        <div>
          <h2 id="mission" className="text-3xl font-bold">
            Notre mission
          </h2>
          <div
            className="prose-legal mt-4 text-muted-foreground"
            // Safe: markdown-it with html: false (platform/markdown.ts) escapes raw HTML.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: see the comment above.
            dangerouslySetInnerHTML={{ __html: text.mission ?? "" }}
          />
        </div>
        <div className="surface-dark rounded-xl bg-primary p-8 text-primary-foreground">
          <Users aria-hidden="true" className="h-10 w-10" />
          <h2 className="mt-4 text-2xl font-bold">{text.teamTitle}</h2>
          <p className="mt-2 whitespace-pre-line text-blue-100">{text.teamText}</p>
        </div>
      </section>

      <section aria-labelledby="infos" className="bg-muted py-12">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 md:grid-cols-3">
          <div>
            <h2 id="infos" className="flex items-center gap-2 text-xl font-bold">
              <MapPin aria-hidden="true" className="h-5 w-5 text-primary" /> Nous trouver
            </h2>
            <address className="mt-3 not-italic text-muted-foreground">
              {centre.street}
              <br />
              {centre.postalCode} {centre.city}
              <br />
              <a
                href={`tel:${phoneHref(centre.phone)}`}
                className="inline-flex items-center gap-1 text-primary underline"
              >
                <Phone aria-hidden="true" className="h-4 w-4" /> {centre.phone}
              </a>
              <br />
              <a
                href={`mailto:${centre.email}`}
                className="inline-flex items-center gap-1 text-primary underline"
              >
                <Mail aria-hidden="true" className="h-4 w-4" /> {centre.email}
              </a>
            </address>
          </div>
          <div>
            <h2 className="flex items-center gap-2 text-xl font-bold">
              <Clock aria-hidden="true" className="h-5 w-5 text-primary" /> Horaires d'ouverture
            </h2>
            <ul className="mt-3 text-muted-foreground">
              {centre.openingHours.map((h) => (
                <li key={h}>{h}</li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-xl font-bold">Informations légales</h2>
            <dl className="mt-3 grid gap-1 text-sm text-muted-foreground">
              <div>
                <dt className="inline font-semibold">Forme juridique : </dt>
                <dd className="inline">
                  {centre.legalForm}
                  {capitalClause(centre)}
                </dd>
              </div>
              {centre.foundedOn ? (
                <div>
                  <dt className="inline font-semibold">Date de création : </dt>
                  <dd className="inline">{formatDate(centre.foundedOn)}</dd>
                </div>
              ) : null}
              <div>
                <dt className="inline font-semibold">SIRET : </dt>
                <dd className="inline">{centre.siret}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Déclaration d'activité : </dt>
                <dd className="inline">
                  {centre.activityNumber.trim()
                    ? `${centre.activityNumber}${centre.activityRegion ? ` (préfet de région ${centre.activityRegion})` : ""}. ${ACTIVITY_NOTICE}.`
                    : "en cours d'enregistrement."}
                </dd>
              </div>
            </dl>
          </div>
        </div>
        <div className="mx-auto mt-8 max-w-7xl px-4">
          <ButtonLink to="/contact?sujet=rdv">Prendre rendez-vous</ButtonLink>
        </div>
      </section>
    </main>
  );
}
