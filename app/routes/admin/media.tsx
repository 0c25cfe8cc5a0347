import { Pencil, Trash2 } from "lucide-react";
import { useCan } from "~/features/accounts";
import { MediaEditDialog, type MediaItemView, MediaUploadForm } from "~/features/media";
import { mediaAction, mediaFilters, mediaPage } from "~/features/media/index.server";
import { loadConsoleList } from "~/platform/console/list-loader.server";
import { NO_PAGE } from "~/platform/console/paging.server";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { ListFilters } from "~/ui/console/list-filters";
import { PageHeader } from "~/ui/console/page-header";
import { countedTitle, Pagination } from "~/ui/console/pagination";
import { useConfirmDelete } from "~/ui/console/use-confirm-delete";
import { useEditDialog } from "~/ui/console/use-edit-dialog";
import type { Route } from "./+types/media";

export const meta: Route.MetaFunction = () => [{ title: "Médiathèque | Console d'administration" }];

export function loader(args: Route.LoaderArgs) {
  return loadConsoleList(args, {
    rows: "images",
    permission: "console:access",
    what: "images",
    filters: mediaFilters,
    read: mediaPage,
    empty: NO_PAGE,
  });
}

export const action = mediaAction;

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("fr-FR")} Ko`;

export default function MediaLibrary({ loaderData }: Route.ComponentProps) {
  const { images, page, filters, loadError } = loaderData;
  const q = filters.q;
  useLoadErrorToast(loadError);
  const canWrite = useCan("media:write");
  const editor = useEditDialog<MediaItemView>();
  const remove = useConfirmDelete({
    question: "Supprimer cette image ?",
    description:
      "Une image encore utilisée (formation, article, témoignage, logo) ne peut pas être supprimée.",
  });
  return (
    <>
      <PageHeader
        title={countedTitle("Médiathèque", page, loadError)}
        description="Les images du site : envoyez-les ici, choisissez-les ensuite dans les formations, les articles, les témoignages et Paramètres (logo)"
      />
      {canWrite ? (
        <Card className="mb-6">
          <CardHeader>
            <CardTitle className="text-lg">Ajouter une image</CardTitle>
          </CardHeader>
          <CardContent>
            <MediaUploadForm form="media-upload" />
          </CardContent>
        </Card>
      ) : null}
      <ListFilters
        q={q}
        searchLabel="Rechercher une image"
        placeholder="Rechercher par texte alternatif, nom de fichier ou crédit..."
      />
      {images.length === 0 ? (
        <p className="rounded-md border border-border p-8 text-center text-muted-foreground">
          {loadError ?? (q ? "Aucune image trouvée" : "Aucune image pour l'instant")}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Images">
          {images.map((image) => (
            <li
              key={image.id}
              className="flex flex-col overflow-hidden rounded-lg border border-border bg-background"
            >
              <img
                src={image.thumbnail}
                alt=""
                width={360}
                height={Math.round((360 * image.height) / image.width)}
                loading="lazy"
                className="aspect-[3/2] w-full bg-muted object-cover"
              />
              <div className="flex flex-1 flex-col gap-1 p-3 text-sm">
                <p className="font-medium">
                  {image.decorative ? (
                    <span className="italic text-muted-foreground">Image décorative</span>
                  ) : (
                    image.alt
                  )}
                </p>
                <p className="text-xs text-muted-foreground">
                  {image.fileName} · {image.width} × {image.height} px · {kilobytes(image.size)}
                </p>
                {image.credit ? (
                  <p className="text-xs text-muted-foreground">Crédit : {image.credit}</p>
                ) : null}
                {canWrite ? (
                  <div className="mt-auto flex gap-2 pt-2">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => editor.edit(image)}
                      aria-label={`Modifier l'image ${image.fileName}`}
                    >
                      <Pencil aria-hidden="true" className="h-4 w-4" /> Modifier
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => remove.ask(image.id)}
                      aria-label={`Supprimer l'image ${image.fileName}`}
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4 text-destructive" /> Supprimer
                    </Button>
                  </div>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} />
      {editor.render((image) => (image ? <MediaEditDialog image={image} onDone={editor.close} /> : null))}
      {remove.dialog}
    </>
  );
}
