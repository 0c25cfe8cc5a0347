import { CalendarDays, Send } from "lucide-react";
import { Link } from "react-router";
import { FormationDialog } from "~/features/catalogue/components/formation-dialog";
import { LheoStatus } from "~/features/catalogue/components/lheo-status";
import { QualiopiStatus } from "~/features/catalogue/components/qualiopi-status";
import {
  type AdminFormation,
  formationAction,
  formationFiltersFrom,
  formationsPage,
} from "~/features/catalogue/console-formations.server";
import { FORMATION_TYPE_LABELS, FORMATION_TYPES } from "~/features/catalogue/vocabulary";
import { loadConsoleList } from "~/features/console/list-loader.server";
import { NO_PAGE } from "~/features/console/paging.server";
import { MediaPicker } from "~/features/media/components/media-picker";
import { PublicationBadge } from "~/features/publishing";
import { ofName } from "~/platform/french";
import { optionsOf } from "~/platform/options";
import { Badge } from "~/ui/badge";
import { buttonClass } from "~/ui/button";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { FilterSelect, ListFilters } from "~/ui/console/list-filters";
import { EditDeleteCell, ListTable, shownFrom } from "~/ui/console/list-table";
import { AddButton, PageHeader } from "~/ui/console/page-header";
import { countedTitle, Pagination } from "~/ui/console/pagination";
import { useConfirmDelete } from "~/ui/console/use-confirm-delete";
import { useEditDialog } from "~/ui/console/use-edit-dialog";
import { Td, Tr } from "~/ui/table";
import type { Route } from "./+types/formations";

export const meta: Route.MetaFunction = () => [{ title: "Formations | Console d'administration" }];

export function loader(args: Route.LoaderArgs) {
  return loadConsoleList(args, {
    rows: "formations",
    permission: "console:access",
    what: "formations",
    filters: formationFiltersFrom,
    read: formationsPage,
    empty: NO_PAGE,
  });
}

export const action = formationAction;

export default function AdminFormations({ loaderData }: Route.ComponentProps) {
  const { formations, page, filters, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const editor = useEditDialog<AdminFormation>();
  const remove = useConfirmDelete({ question: "Êtes-vous sûr de vouloir supprimer cette formation ?" });

  return (
    <>
      <PageHeader
        title={countedTitle("Formations", page, loadError)}
        description="Gérez le catalogue de formations du centre"
        actions={<AddButton label="Ajouter une formation" onClick={editor.create} />}
      />
      <ListFilters
        q={filters.q}
        searchLabel="Rechercher une formation"
        placeholder="Rechercher par titre ou description..."
      >
        <FilterSelect
          id="filter-type"
          name="type"
          label="Type de formation"
          value={filters.type ?? ""}
          options={[
            { value: "", label: "Tous les types" },
            ...optionsOf(FORMATION_TYPES, FORMATION_TYPE_LABELS),
          ]}
        />
      </ListFilters>
      <ListTable
        columns={[
          "Formation",
          { label: "Type", from: "md" },
          { label: "Format", from: "lg" },
          { label: "Durée", from: "lg" },
          { label: "Statut", from: "sm" },
          { label: "Financement", from: "lg" },
        ]}
        actions
        items={formations}
        empty="Aucune formation trouvée"
        loadError={loadError}
      >
        {(f) => (
          <Tr key={f.id}>
            <Td>
              <p className="font-medium">{f.title}</p>
              {f.rncpCode ? <p className="text-xs text-muted-foreground">{f.rncpCode}</p> : null}
              <QualiopiStatus formation={f} className="mt-1 max-w-sm" />
              <LheoStatus missing={f.lheoMissing} className="mt-1 max-w-sm" />
            </Td>
            <Td className={shownFrom("md")}>
              <Badge variant="outline">{FORMATION_TYPE_LABELS[f.formationType]}</Badge>
            </Td>
            <Td className={shownFrom("lg")}>{f.format ?? "Non défini"}</Td>
            <Td className={shownFrom("lg")}>{f.duration || "Non définie"}</Td>
            <Td className={shownFrom("sm")}>
              <PublicationBadge row={{ ...f, published: f.active }} />
            </Td>
            <Td className={shownFrom("lg")}>
              <Badge variant={f.financingEligible ? "default" : "outline"}>
                {f.financingEligible ? "Éligible" : "Non éligible"}
              </Badge>
            </Td>
            <EditDeleteCell subject={f.title} onEdit={() => editor.edit(f)} onDelete={() => remove.ask(f.id)}>
              <Link
                to={`/admin/publication/formation/${f.id}`}
                aria-label={`Publication ${ofName(f.title)}`}
                className={buttonClass("ghost", "icon")}
              >
                <Send aria-hidden="true" className="h-4 w-4" />
              </Link>
              <Link
                to={`/admin/formations/${f.id}/sessions`}
                aria-label={`Sessions de ${f.title}`}
                className={buttonClass("ghost", "icon")}
              >
                <CalendarDays aria-hidden="true" className="h-4 w-4" />
              </Link>
            </EditDeleteCell>
          </Tr>
        )}
      </ListTable>
      <Pagination page={page} />
      {editor.render((formation) => (
        <FormationDialog
          formation={formation}
          onDone={editor.close}
          imagePicker={(field) => <MediaPicker {...field} />}
        />
      ))}
      {remove.dialog}
    </>
  );
}
