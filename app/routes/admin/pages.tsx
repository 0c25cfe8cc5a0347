import { Link } from "react-router";
import { requirePermission } from "~/features/accounts/current-user.server";
import { loadOr } from "~/features/console/action.server";
import { PAGES } from "~/features/pages/definitions";
import { listPages } from "~/features/pages/pages.server";
import { PublicationBadge } from "~/features/publishing";
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
      (await listPages(app.db)).map(({ id, saved, updatedAt, updatedBy, hasDraft, publishAt }) => ({
        id,
        saved,
        updatedAt,
        updatedBy,
        hasDraft,
        publishAt,
      })),
    [],
  );
  return { pages: value, loadError };
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
                        published: true,
                        publishAt: saved.publishAt,
                        unpublishAt: null,
                        hasDraft: saved.hasDraft,
                      }}
                    />
                  ) : null}
                  <span className="mt-1 block">
                    {saved?.saved && saved.updatedAt
                      ? `Modifiée le ${formatDateTime(saved.updatedAt)}${saved.updatedBy ? ` par ${saved.updatedBy}` : ""}`
                      : "Texte par défaut"}
                  </span>
                </Td>
              </Tr>
            );
          })}
        </TBody>
      </Table>
    </>
  );
}
