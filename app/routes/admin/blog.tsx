import { BlogDialog } from "~/components/admin/blog-dialog";
import { useLoadErrorToast } from "~/components/admin/form-fields";
import { ListFilters } from "~/components/admin/list-filters";
import { EditDeleteCell, ListTable, shownFrom } from "~/components/admin/list-table";
import { AddButton, PageHeader } from "~/components/admin/page-header";
import { countedTitle, Pagination } from "~/components/admin/pagination";
import { useConfirmDelete } from "~/components/admin/use-confirm-delete";
import { useEditDialog } from "~/components/admin/use-edit-dialog";
import { Badge } from "~/components/ui/badge";
import { Td, Tr } from "~/components/ui/table";
import { cn } from "~/lib/cn";
import { formatDate } from "~/lib/dates";
import { searchQuery } from "~/lib/schemas/admin-common";
import { type AdminBlogPost, blogPostAction, blogPostsPage } from "~/server/admin/blog-posts.server";
import { loadConsoleList } from "~/server/admin/list-loader.server";
import { NO_PAGE } from "~/server/admin/paging.server";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = () => [{ title: "Blog | Console d'administration" }];

export function loader(args: Route.LoaderArgs) {
  return loadConsoleList(args, {
    rows: "posts",
    permission: "console:access",
    what: "articles",
    filters: searchQuery,
    read: blogPostsPage,
    empty: NO_PAGE,
  });
}

export const action = blogPostAction;

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  const { posts, page, filters: q, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const editor = useEditDialog<AdminBlogPost>();
  const remove = useConfirmDelete({ question: "Êtes-vous sûr de vouloir supprimer cet article ?" });
  return (
    <>
      <PageHeader
        title={countedTitle("Articles", page, loadError)}
        description="Rédigez et publiez les articles du blog"
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
        items={posts}
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
              <Badge variant={p.published ? "success" : "secondary"}>
                {p.published ? "Publié" : "Brouillon"}
              </Badge>
            </Td>
            <Td className={cn("whitespace-nowrap", shownFrom("lg"))}>{formatDate(p.createdAt)}</Td>
            <Td className={cn("whitespace-nowrap", shownFrom("md"))}>{formatDate(p.updatedAt)}</Td>
            <EditDeleteCell
              subject={p.title}
              onEdit={() => editor.edit(p)}
              onDelete={() => remove.ask(p.id)}
            />
          </Tr>
        )}
      </ListTable>
      <Pagination page={page} />
      {editor.render((post) => (
        <BlogDialog post={post} onDone={editor.close} />
      ))}
      {remove.dialog}
    </>
  );
}
