import { BadgeCheck, CalendarDays, Download } from "lucide-react";
import { data } from "react-router";
import { centrePageMeta, type PageItem, pageItems } from "~/features/pages";
import { publicPage } from "~/features/pages/index.server";
import { useLiveRevalidation } from "~/platform/use-live";
import { NotFound } from "~/root";
import { Badge } from "~/ui/badge";
import { ButtonLink, buttonClass } from "~/ui/button";
import type { Route } from "./+types/funding";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  centrePageMeta(matches, loaderData?.page, { title: "Financer votre formation", path: "/financements" });

/**
 * Every word from Pages › Financements: banner, introduction, the funding schemes the centre
 * describes, its own guide. Until the centre publishes the page, there is no page (404).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await publicPage({ request, context }, "financements");
  if (!page.published) return data({ page: null, options: [] }, { status: 404 });
  return { page, options: pageItems(page.fields.options) };
}

/** A scheme's lines: '- ' lines are its list, the others its paragraphs, in the order typed. */
function SchemeText({ item }: { item: PageItem }) {
  const blocks: (string | string[])[] = [];
  for (const line of item.lines) {
    const point = line.startsWith("- ") ? line.slice(2).trim() : null;
    const last = blocks.at(-1);
    if (point === null) blocks.push(line);
    else if (Array.isArray(last)) last.push(point);
    else blocks.push([point]);
  }
  return blocks.map((block, i) =>
    Array.isArray(block) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the blocks are the typed order, never reordered.
      <ul key={i} className="mt-3 list-disc space-y-1 pl-5 text-sm">
        {block.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: see above.
      <p key={i} className="mt-3 text-muted-foreground">
        {block}
      </p>
    ),
  );
}

export default function Financements({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(["site_pages"]);
  if (!loaderData.page) return <NotFound />;
  const text = loaderData.page.fields;
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
            {text.guideUrl ? (
              // A document, not a route: a plain link so the browser downloads it.
              <a href={text.guideUrl} download className={buttonClass("outline", "lg")}>
                <Download aria-hidden="true" className="h-5 w-5" /> Télécharger le guide
              </a>
            ) : null}
          </div>
        </div>
      </section>

      {loaderData.options.length > 0 ? (
        <section aria-labelledby="dispositifs-titre" className="mx-auto max-w-4xl px-4 py-16">
          <h2 id="dispositifs-titre" className="text-3xl font-bold">
            Les dispositifs de financement
          </h2>
          <ul className="mt-8 grid gap-6">
            {loaderData.options.map((option) => (
              <li key={option.title} className="rounded-xl border border-border p-6 shadow-sm">
                <h3 className="flex items-center gap-3 text-xl font-semibold">
                  <BadgeCheck aria-hidden="true" className="h-7 w-7 shrink-0 text-primary" /> {option.title}
                </h3>
                <SchemeText item={option} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="bg-muted py-12">
        <div className="mx-auto flex max-w-4xl flex-wrap gap-3 px-4">
          <ButtonLink to="/contact?sujet=financement">Poser une question sur le financement</ButtonLink>
          <ButtonLink to="/contact?sujet=rdv" variant="outline">
            Prendre rendez-vous
          </ButtonLink>
        </div>
      </section>
    </main>
  );
}
