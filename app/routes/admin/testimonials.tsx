import { activeFormationChoices } from "~/features/catalogue/index.server";
import { MediaPicker } from "~/features/media";
import { TestimonialDialog } from "~/features/testimonials";
import {
  type AdminTestimonial,
  testimonialAction,
  testimonialsPage,
} from "~/features/testimonials/index.server";
import { loadOr } from "~/platform/console/action.server";
import { loadConsoleList } from "~/platform/console/list-loader.server";
import { NO_PAGE } from "~/platform/console/paging.server";
import { searchQuery } from "~/platform/form-schema";
import { Badge } from "~/ui/badge";
import { cn } from "~/ui/cn";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { ListFilters } from "~/ui/console/list-filters";
import { EditDeleteCell, ListTable, shownFrom } from "~/ui/console/list-table";
import { AddButton, PageHeader } from "~/ui/console/page-header";
import { countedTitle, Pagination } from "~/ui/console/pagination";
import { useConfirmDelete } from "~/ui/console/use-confirm-delete";
import { useEditDialog } from "~/ui/console/use-edit-dialog";
import { Stars } from "~/ui/stars";
import { Td, Tr } from "~/ui/table";
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
  const remove = useConfirmDelete({ question: "Êtes-vous sûr de vouloir supprimer ce témoignage ?" });
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
        <TestimonialDialog
          testimonial={testimonial}
          formations={formations}
          onDone={editor.close}
          imagePicker={(field) => <MediaPicker {...field} />}
        />
      ))}
      {remove.dialog}
    </>
  );
}
