import { data, Link } from "react-router";
import { requirePermission } from "~/features/accounts/index.server";
import { isPageId, PageEditor, pageDefinition } from "~/features/pages";
import { editedPage, pagesAction, placeholderValues } from "~/features/pages/index.server";
import { PublicationBadge } from "~/features/publishing";
import { previewHref } from "~/features/publishing/index.server";
import { getCentreSettings } from "~/features/settings/index.server";
import { loadOr } from "~/platform/console/action.server";
import { buttonClass } from "~/ui/button";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { PageHeader } from "~/ui/console/page-header";
import type { Route } from "./+types/page";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Page"} | Pages | Console d'administration` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { app } = context;
  await requirePermission({ request, context }, "console:access");
  if (!isPageId(params.id)) throw data("Page introuvable", { status: 404 });
  const page = pageDefinition(params.id);
  const { value, loadError } = await loadOr(
    app,
    "textes de la page",
    async () => {
      const [stored, centre] = await Promise.all([editedPage(app.db, page.id), getCentreSettings(app.db)]);
      return {
        // The editor opens on the pending draft, the changes staff are working on.
        content: stored.draft ?? stored.content,
        publication: {
          published: true,
          publishAt: stored.publishAt,
          unpublishAt: null,
          hasDraft: stored.draft !== null,
        },
        values: page.placeholders ? placeholderValues(centre, app.config.applicationRetentionMonths) : null,
      };
    },
    null,
  );
  return {
    id: page.id,
    title: page.title,
    content: value?.content ?? null,
    publication: value?.publication ?? null,
    preview: previewHref(page.path),
    values: value?.values ?? null,
    loadError,
  };
}

export const action = pagesAction;

export default function AdminPage({ loaderData }: Route.ComponentProps) {
  useLoadErrorToast(loaderData.loadError);
  const page = pageDefinition(loaderData.id);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/pages" className="text-primary underline">
          Pages
        </Link>
      </p>
      <PageHeader
        title={page.title}
        description={`Ce que les visiteurs lisent sur ${page.path}. « Enregistrer le brouillon » garde vos changements hors du site ; « Publier » les met en ligne aussitôt.`}
        actions={
          <>
            {loaderData.publication?.hasDraft ? (
              <a
                href={loaderData.preview}
                target="_blank"
                rel="noreferrer"
                className={buttonClass("outline", "sm")}
              >
                Aperçu
              </a>
            ) : null}
            <Link to={`/admin/publication/page/${page.id}`} className={buttonClass("outline", "sm")}>
              Publication et historique
            </Link>
          </>
        }
      />
      {loaderData.publication ? (
        <div className="mb-4" data-testid="page-publication-state">
          <PublicationBadge row={loaderData.publication} />
        </div>
      ) : null}
      {loaderData.content ? (
        // A new page's editor starts from its own text (key): fields never carry another page's.
        <PageEditor key={page.id} page={page} content={loaderData.content} values={loaderData.values} />
      ) : (
        <p className="text-muted-foreground">Les textes de la page n'ont pas pu être chargés.</p>
      )}
    </>
  );
}
