import { Link } from "react-router";
import { requirePermission } from "~/features/accounts/index.server";
import { PAGES } from "~/features/pages";
import { listPages } from "~/features/pages/index.server";
import { PublicationBadge } from "~/features/publishing";
import { loadOr } from "~/platform/console/action.server";
import { formatDateTime } from "~/platform/paris-time";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { PageHeader } from "~/ui/console/page-header";
import { Table, TBody, Td, THead, Th, Tr } from "~/ui/table";
import type { Route } from "./+types/pages";

export const meta: Route.MetaFunction = () => [{ title: "Pages | Console d'administration" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context;
  await requirePermission({ request, context }, "console:access");
  const { value, loadError } = await loadOr(
    app,
    "pages",
    async () =>
      (await listPages(app.db)).map(
        ({ id, saved, published, demo, updatedAt, updatedBy, hasDraft, publishAt }) => ({
          id,
          saved,
          published,
          demo,
          updatedAt,
          updatedBy,
          hasDraft,
          publishAt,
        }),
      ),
    [],
  );
  return { pages: value, loadError };
}

/**
 * What a page's row says: a page of the centre's own words is not on the site until published
 * (its default text is only a draft to review); the demonstration's text is named as such.
 */
function pageState(
  centreText: boolean,
  page:
    | { saved: boolean; published: boolean; demo: boolean; updatedAt: Date | null; updatedBy: string | null }
    | undefined,
): string {
  if (page?.demo) return "Texte de démonstration";
  if (page?.saved && page.updatedAt) {
    return `Modifiée le ${formatDateTime(page.updatedAt)}${page.updatedBy ? ` par ${page.updatedBy}` : ""}`;
  }
  return centreText ? "Pas encore publiée\u202f: le site n'en montre rien" : "Texte par défaut";
}

export default function AdminPages({ loaderData }: Route.ComponentProps) {
  useLoadErrorToast(loaderData.loadError);
  const state = new Map(loaderData.pages.map((page) => [page.id, page]));
  return (
    <>
      <PageHeader
        title="Pages"
        description="Les textes des pages du site. Les chiffres et l'identité du centre viennent des formations et de Paramètres."
      />
      <Table>
        <THead>
          <Tr>
            <Th scope="col">Page</Th>
            <Th scope="col">Ce qui se modifie</Th>
            <Th scope="col">État</Th>
          </Tr>
        </THead>
        <TBody>
          {PAGES.map((page) => {
            const saved = state.get(page.id);
            return (
              <Tr key={page.id}>
                <Td>
                  <Link to={`/admin/pages/${page.id}`} className="font-medium text-primary underline">
                    {page.title}
                  </Link>
                  <span className="block text-sm text-muted-foreground">{page.path}</span>
                </Td>
                <Td className="text-sm">{page.summary}</Td>
                <Td className="text-sm" data-testid={`page-state-${page.id}`}>
                  {saved ? (
                    <PublicationBadge
                      row={{
                        published: saved.published,
                        publishAt: saved.publishAt,
                        unpublishAt: null,
                        hasDraft: saved.hasDraft,
                      }}
                    />
                  ) : null}
                  <span className="mt-1 block">{pageState(page.centreText ?? false, saved)}</span>
                </Td>
              </Tr>
            );
          })}
        </TBody>
      </Table>
    </>
  );
}
