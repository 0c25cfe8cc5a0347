import { CalendarDays, Pencil, Plus, Send, Trash2 } from "lucide-react";
import { Link, useLocation } from "react-router";
import { FORMATION_TYPE_LABELS, FORMATION_TYPES, LheoStatus, QualiopiStatus } from "~/features/catalogue";
import { formationAction, formationFiltersFrom, formationsPage } from "~/features/catalogue/index.server";
import { PublicationBadge } from "~/features/publishing";
import { loadConsoleList } from "~/platform/console/list-loader.server";
import { NO_PAGE } from "~/platform/console/paging.server";
import { ofName } from "~/platform/french";
import { optionsOf } from "~/platform/options";
import { Badge } from "~/ui/badge";
import { buttonClass } from "~/ui/button";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { FilterSelect, ListFilters } from "~/ui/console/list-filters";
import { ActionsCell, IconAction, ListTable, shownFrom } from "~/ui/console/list-table";
import { PageHeader } from "~/ui/console/page-header";
import { countedTitle, Pagination } from "~/ui/console/pagination";
import { useConfirmDelete } from "~/ui/console/use-confirm-delete";
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
  // The editor goes back to this list as it is now (search, filters, page) once saved.
  const back = { search: useLocation().search };
  const remove = useConfirmDelete({ question: "Êtes-vous sûr de vouloir supprimer cette formation ?" });

  return (
    <>
      <PageHeader
        title={countedTitle("Formations", page, loadError)}
        description="Gérez le catalogue de formations du centre"
        actions={
          <Link to="/admin/formations/nouvelle" state={back} className={buttonClass()}>
            <Plus aria-hidden="true" className="h-4 w-4" /> Ajouter une formation
          </Link>
        }
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
            <Td className={shownFrom("lg")}>{f.funding.length > 0 ? f.funding.join(", ") : "Aucun"}</Td>
            <ActionsCell>
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
              <Link
                to={`/admin/formations/${f.id}`}
                state={back}
                aria-label={`Modifier ${f.title}`}
                className={buttonClass("ghost", "icon")}
              >
                <Pencil aria-hidden="true" className="h-4 w-4" />
              </Link>
              <IconAction
                label={`Supprimer ${f.title}`}
                icon={Trash2}
                destructive
                onClick={() => remove.ask(f.id)}
              />
            </ActionsCell>
          </Tr>
        )}
      </ListTable>
      <Pagination page={page} />
      {remove.dialog}
    </>
  );
}
