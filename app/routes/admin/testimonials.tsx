import { Pencil, Plus, Star, Trash2 } from "lucide-react";
import { useState } from "react";
import { useLoadErrorToast } from "~/components/admin/form-fields";
import { ListFilters } from "~/components/admin/list-filters";
import { PageHeader } from "~/components/admin/page-header";
import { TestimonialDialog } from "~/components/admin/testimonial-dialog";
import { useConfirmDelete } from "~/components/admin/use-confirm-delete";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Dialog } from "~/components/ui/dialog";
import { Table, TBody, Td, THead, Th, Tr } from "~/components/ui/table";
import { loadOr } from "~/server/admin/action.server";
import { activeFormationChoices } from "~/server/admin/formations.server";
import {
  type AdminTestimonial,
  listTestimonials,
  testimonialAction,
} from "~/server/admin/testimonials.server";
import { requireRole } from "~/server/session.server";
import type { Route } from "./+types/testimonials";

export const meta: Route.MetaFunction = () => [{ title: "Témoignages | Console d'administration" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context;
  await requireRole(request, app);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  const [list, choices] = await Promise.all([
    loadOr(app, "témoignages", () => listTestimonials(app.db, q), []),
    // SPEC.md §8: a failure here is only logged; the form then offers 'Témoignage général' alone.
    loadOr(app, "formations", () => activeFormationChoices(app.db), []),
  ]);
  return { testimonials: list.value, formations: choices.value, q, loadError: list.loadError };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireRole(request, context.app);
  return testimonialAction(context.app, user, await request.formData());
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap" title={`${rating}/5`}>
      <span className="sr-only">{rating}/5</span>
      <span aria-hidden="true" className="inline-flex">
        {[1, 2, 3, 4, 5].map((n) => (
          <Star
            key={n}
            className={
              n <= rating ? "h-4 w-4 fill-amber-400 text-amber-500" : "h-4 w-4 text-muted-foreground"
            }
          />
        ))}
      </span>
      <span aria-hidden="true" className="text-xs text-muted-foreground">
        {rating}/5
      </span>
    </span>
  );
}

export default function AdminTestimonials({ loaderData }: Route.ComponentProps) {
  const { testimonials, formations, q, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const [editing, setEditing] = useState<AdminTestimonial | null | undefined>(undefined);
  const remove = useConfirmDelete({ question: "Êtes-vous sûr de vouloir supprimer ce témoignage ?" });
  return (
    <>
      <PageHeader
        title={`Témoignages (${testimonials.length})`}
        description="Gérez les témoignages affichés sur le site"
        actions={
          <Button onClick={() => setEditing(null)}>
            <Plus aria-hidden="true" className="h-4 w-4" /> Nouveau témoignage
          </Button>
        }
      />
      <ListFilters
        q={q}
        searchLabel="Rechercher un témoignage"
        placeholder="Rechercher par nom, contenu ou entreprise..."
      />
      <Card>
        <CardContent className="p-0 sm:p-0">
          <Table>
            <THead>
              <Tr>
                <Th>Auteur</Th>
                <Th>Témoignage</Th>
                <Th>Formation</Th>
                <Th>Note</Th>
                <Th>Statut</Th>
                <Th className="text-right">Actions</Th>
              </Tr>
            </THead>
            <TBody>
              {testimonials.length === 0 ? (
                <Tr>
                  <Td colSpan={6} className="py-10 text-center text-muted-foreground">
                    Aucun témoignage trouvé
                  </Td>
                </Tr>
              ) : (
                testimonials.map((t) => (
                  <Tr key={t.id}>
                    <Td>
                      <p className="font-medium">{t.name}</p>
                      {t.position ? <p className="text-xs text-muted-foreground">{t.position}</p> : null}
                      {t.company ? <p className="text-xs text-muted-foreground">{t.company}</p> : null}
                    </Td>
                    <Td className="max-w-sm">
                      <p className="line-clamp-2">{t.content}</p>
                    </Td>
                    <Td>{t.formationTitle ?? "Général"}</Td>
                    <Td>
                      <Stars rating={t.rating} />
                    </Td>
                    <Td>
                      <Badge variant={t.active ? "success" : "secondary"}>
                        {t.active ? "Actif" : "Inactif"}
                      </Badge>
                    </Td>
                    <Td className="whitespace-nowrap text-right">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Modifier le témoignage de ${t.name}`}
                        onClick={() => setEditing(t)}
                      >
                        <Pencil aria-hidden="true" className="h-4 w-4" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Supprimer le témoignage de ${t.name}`}
                        onClick={() => remove.ask(t.id)}
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
          <TestimonialDialog
            key={editing?.id ?? "new"}
            testimonial={editing}
            formations={formations}
            onDone={() => setEditing(undefined)}
          />
        ) : null}
      </Dialog>
      {remove.dialog}
    </>
  );
}
