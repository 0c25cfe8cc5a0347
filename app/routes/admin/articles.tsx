import { Send } from "lucide-react";
import { Link } from "react-router";
import { ArticleDialog } from "~/features/articles";
import { type AdminArticle, articleAction, articlesPage } from "~/features/articles/index.server";
import { MediaPicker } from "~/features/media";
import { PublicationBadge } from "~/features/publishing";
import { loadConsoleList } from "~/platform/console/list-loader.server";
import { NO_PAGE } from "~/platform/console/paging.server";
import { formatDate } from "~/platform/dates";
import { searchQuery } from "~/platform/form-schema";
import { ofName } from "~/platform/french";
import { buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { ListFilters } from "~/ui/console/list-filters";
import { EditDeleteCell, ListTable, shownFrom } from "~/ui/console/list-table";
import { AddButton, PageHeader } from "~/ui/console/page-header";
import { countedTitle, Pagination } from "~/ui/console/pagination";
import { useConfirmDelete } from "~/ui/console/use-confirm-delete";
import { useEditDialog } from "~/ui/console/use-edit-dialog";
import { Td, Tr } from "~/ui/table";
import type { Route } from "./+types/articles";

export const meta: Route.MetaFunction = () => [{ title: "Articles | Console d'administration" }];

export function loader(args: Route.LoaderArgs) {
  return loadConsoleList(args, {
    rows: "articles",
    permission: "console:access",
    what: "articles",
    filters: searchQuery,
    read: articlesPage,
    empty: NO_PAGE,
  });
}

export const action = articleAction;

export default function AdminArticles({ loaderData }: Route.ComponentProps) {
  const { articles, page, filters: q, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const editor = useEditDialog<AdminArticle>();
  const remove = useConfirmDelete({ question: "Êtes-vous sûr de vouloir supprimer cet article ?" });
  return (
    <>
      <PageHeader
        title={countedTitle("Articles", page, loadError)}
        description="Rédigez et publiez les articles"
        actions={<AddButton label="Nouvel article" onClick={editor.create} />}
      />
      <ListFilters
        q={q}
        searchLabel="Rechercher un article"
        placeholder="Rechercher par titre ou extrait..."
      />
      <ListTable
        columns={[
          "Article",
          "Statut",
          { label: "Créé le", from: "lg" },
          { label: "Mis à jour le", from: "md" },
        ]}
        actions
        items={articles}
        empty="Aucun article trouvé"
        loadError={loadError}
      >
        {(p) => (
          <Tr key={p.id}>
            <Td className="max-w-md">
              <p className="font-medium">{p.title}</p>
              {p.excerpt ? <p className="line-clamp-2 text-xs text-muted-foreground">{p.excerpt}</p> : null}
            </Td>
            <Td>
              <PublicationBadge row={p} />
            </Td>
            <Td className={cn("whitespace-nowrap", shownFrom("lg"))}>{formatDate(p.createdAt)}</Td>
            <Td className={cn("whitespace-nowrap", shownFrom("md"))}>{formatDate(p.updatedAt)}</Td>
            <EditDeleteCell subject={p.title} onEdit={() => editor.edit(p)} onDelete={() => remove.ask(p.id)}>
              <Link
                to={`/admin/publication/article/${p.id}`}
                aria-label={`Publication ${ofName(p.title)}`}
                className={buttonClass("ghost", "icon")}
              >
                <Send aria-hidden="true" className="h-4 w-4" />
              </Link>
            </EditDeleteCell>
          </Tr>
        )}
      </ListTable>
      <Pagination page={page} />
      {editor.render((post) => (
        <ArticleDialog
          post={post}
          onDone={editor.close}
          imagePicker={(field) => <MediaPicker {...field} />}
        />
      ))}
      {remove.dialog}
    </>
  );
}
