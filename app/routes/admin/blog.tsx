import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { BlogDialog } from "~/components/admin/blog-dialog";
import { useLoadErrorToast } from "~/components/admin/form-fields";
import { formatDate } from "~/components/admin/format";
import { ListFilters } from "~/components/admin/list-filters";
import { PageHeader } from "~/components/admin/page-header";
import { useConfirmDelete } from "~/components/admin/use-confirm-delete";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Dialog } from "~/components/ui/dialog";
import { Table, TBody, Td, THead, Th, Tr } from "~/components/ui/table";
import { loadOr } from "~/server/admin/action.server";
import { type AdminBlogPost, blogPostAction, listBlogPosts } from "~/server/admin/blog-posts.server";
import { requireRole } from "~/server/session.server";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = () => [{ title: "Blog | Console d'administration" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context;
  await requireRole(request, app);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  const { value, loadError } = await loadOr(app, "articles", () => listBlogPosts(app.db, q), []);
  return { posts: value, q, loadError };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireRole(request, context.app);
  return blogPostAction(context.app, user, await request.formData());
}

export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  const { posts, q, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const [editing, setEditing] = useState<AdminBlogPost | null | undefined>(undefined);
  const remove = useConfirmDelete({ question: "Êtes-vous sûr de vouloir supprimer cet article ?" });
  return (
    <>
      <PageHeader
        title={`Articles (${posts.length})`}
        description="Rédigez et publiez les articles du blog"
        actions={
          <Button onClick={() => setEditing(null)}>
            <Plus aria-hidden="true" className="h-4 w-4" /> Nouvel article
          </Button>
        }
      />
      <ListFilters
        q={q}
        searchLabel="Rechercher un article"
        placeholder="Rechercher par titre ou extrait..."
      />
      <Card>
        <CardContent className="p-0 sm:p-0">
          <Table>
            <THead>
              <Tr>
                <Th>Article</Th>
                <Th>Statut</Th>
                <Th>Créé le</Th>
                <Th>Mis à jour le</Th>
                <Th className="text-right">Actions</Th>
              </Tr>
            </THead>
            <TBody>
              {posts.length === 0 ? (
                <Tr>
                  <Td colSpan={5} className="py-10 text-center text-muted-foreground">
                    Aucun article trouvé
                  </Td>
                </Tr>
              ) : (
                posts.map((p) => (
                  <Tr key={p.id}>
                    <Td className="max-w-md">
                      <p className="font-medium">{p.title}</p>
                      {p.excerpt ? (
                        <p className="line-clamp-2 text-xs text-muted-foreground">{p.excerpt}</p>
                      ) : null}
                    </Td>
                    <Td>
                      <Badge variant={p.published ? "success" : "secondary"}>
                        {p.published ? "Publié" : "Brouillon"}
                      </Badge>
                    </Td>
                    <Td className="whitespace-nowrap">{formatDate(p.createdAt)}</Td>
                    <Td className="whitespace-nowrap">{formatDate(p.updatedAt)}</Td>
                    <Td className="whitespace-nowrap text-right">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Modifier ${p.title}`}
                        onClick={() => setEditing(p)}
                      >
                        <Pencil aria-hidden="true" className="h-4 w-4" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Supprimer ${p.title}`}
                        onClick={() => remove.ask(p.id)}
                      >
                        <Trash2 aria-hidden="true" className="h-4 w-4 text-destructive" />
                      </Button>
                    </Td>
                  </Tr>
                ))
              )}
            </TBody>
          </Table>
        </CardContent>
      </Card>
      <Dialog open={editing !== undefined} onOpenChange={(open) => !open && setEditing(undefined)}>
        {editing !== undefined ? (
          <BlogDialog key={editing?.id ?? "new"} post={editing} onDone={() => setEditing(undefined)} />
        ) : null}
      </Dialog>
      {remove.dialog}
    </>
  );
}
