import { data, Link } from "react-router";
import { requirePermission } from "~/features/accounts/current-user.server";
import { loadOr } from "~/features/console/action.server";
import { PageEditor } from "~/features/pages/components/page-editor";
import { isPageId, pageDefinition } from "~/features/pages/definitions";
import { pagesAction, placeholderValues, readPage } from "~/features/pages/pages.server";
import { getCentreSettings } from "~/features/settings/centre.server";
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
      const [stored, centre] = await Promise.all([readPage(app.db, page.id), getCentreSettings(app.db)]);
      return {
        content: stored.content,
        values: page.placeholders ? placeholderValues(centre, app.config.applicationRetentionMonths) : null,
      };
    },
    null,
  );
  return {
    id: page.id,
    title: page.title,
    content: value?.content ?? null,
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
        description={`Ce que les visiteurs lisent sur ${page.path}. Enregistrée, la page change aussitôt sur le site.`}
      />
      {loaderData.content ? (
        // A new page's editor starts from its own text (key): fields never carry another page's.
        <PageEditor key={page.id} page={page} content={loaderData.content} values={loaderData.values} />
      ) : (
        <p className="text-muted-foreground">Les textes de la page n'ont pas pu être chargés.</p>
      )}
    </>
  );
}
