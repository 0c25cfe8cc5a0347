import { useLoadErrorToast } from "~/components/admin/form-fields";
import { ListFilters } from "~/components/admin/list-filters";
import { EditDeleteCell, ListTable, shownFrom } from "~/components/admin/list-table";
import { AddButton, PageHeader } from "~/components/admin/page-header";
import { countedTitle, Pagination } from "~/components/admin/pagination";
import { TestimonialDialog } from "~/components/admin/testimonial-dialog";
import { useConfirmDelete } from "~/components/admin/use-confirm-delete";
import { useEditDialog } from "~/components/admin/use-edit-dialog";
import { Badge } from "~/components/ui/badge";
import { Stars } from "~/components/ui/stars";
import { Td, Tr } from "~/components/ui/table";
import { cn } from "~/lib/cn";
import { searchQuery } from "~/lib/schemas/admin-common";
import { loadOr } from "~/server/admin/action.server";
import { activeFormationChoices } from "~/server/admin/formations.server";
import { loadConsoleList } from "~/server/admin/list-loader.server";
import { NO_PAGE } from "~/server/admin/paging.server";
import {
  type AdminTestimonial,
  testimonialAction,
  testimonialsPage,
} from "~/server/admin/testimonials.server";
import type { Route } from "./+types/testimonials";

export const meta: Route.MetaFunction = () => [{ title: "Témoignages | Console d'administration" }];

export function loader(args: Route.LoaderArgs) {
  return loadConsoleList(args, {
    rows: "testimonials",
    permission: "console:access",
    what: "témoignages",
    filters: searchQuery,
    read: testimonialsPage,
    empty: NO_PAGE,
    // A failure here is only logged; the form then offers 'Témoignage général' alone.
    also: async (app) => ({
      formations: (await loadOr(app, "formations", () => activeFormationChoices(app.db), [])).value,
    }),
  });
}

export const action = testimonialAction;

export default function AdminTestimonials({ loaderData }: Route.ComponentProps) {
  const { testimonials, page, formations, filters: q, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const editor = useEditDialog<AdminTestimonial>();
  const remove = useConfirmDelete({ question: "Êtes-vous sûr de vouloir supprimer ce témoignage ?" });
  return (
    <>
      <PageHeader
        title={countedTitle("Témoignages", page, loadError)}
        description="Gérez les témoignages affichés sur le site"
        actions={<AddButton label="Nouveau témoignage" onClick={editor.create} />}
      />
      <ListFilters
        q={q}
        searchLabel="Rechercher un témoignage"
        placeholder="Rechercher par nom, contenu ou entreprise..."
      />
      <ListTable
        columns={[
          "Auteur",
          { label: "Témoignage", from: "sm" },
          { label: "Formation", from: "lg" },
          { label: "Note", from: "md" },
          "Statut",
        ]}
        actions
        items={testimonials}
        loadError={loadError}
        empty="Aucun témoignage trouvé"
      >
        {(t) => (
          <Tr key={t.id}>
            <Td>
              <p className="font-medium">{t.name}</p>
              {t.position ? <p className="text-xs text-muted-foreground">{t.position}</p> : null}
              {t.company ? <p className="text-xs text-muted-foreground">{t.company}</p> : null}
            </Td>
            <Td className={cn("max-w-sm", shownFrom("sm"))}>
              <p className="line-clamp-2">{t.content}</p>
            </Td>
            <Td className={shownFrom("lg")}>{t.formationTitle ?? "Général"}</Td>
            <Td className={shownFrom("md")}>
              <Stars rating={t.rating} showValue />
            </Td>
            <Td>
              <Badge variant={t.active ? "success" : "secondary"}>{t.active ? "Actif" : "Inactif"}</Badge>
            </Td>
            <EditDeleteCell
              subject={`le témoignage de ${t.name}`}
              onEdit={() => editor.edit(t)}
              onDelete={() => remove.ask(t.id)}
            />
          </Tr>
        )}
      </ListTable>
      <Pagination page={page} />
      {editor.render((testimonial) => (
        <TestimonialDialog testimonial={testimonial} formations={formations} onDone={editor.close} />
      ))}
      {remove.dialog}
    </>
  );
}
