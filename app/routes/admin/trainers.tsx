import { Link } from "react-router";
import { useCan } from "~/features/accounts";
import { TrainerDialog, trainerFiltersFrom, trainerName } from "~/features/trainers";
import {
  type AdminTrainer,
  NO_TRAINERS,
  trainerAction,
  trainersPage,
} from "~/features/trainers/index.server";
import { loadConsoleList } from "~/platform/console/list-loader.server";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { FilterSelect, ListFilters } from "~/ui/console/list-filters";
import { ActionsCell, EditDeleteCell, ListTable, shownFrom } from "~/ui/console/list-table";
import { AddButton, PageHeader } from "~/ui/console/page-header";
import { countedTitle, Pagination } from "~/ui/console/pagination";
import { useConfirmDelete } from "~/ui/console/use-confirm-delete";
import { useEditDialog } from "~/ui/console/use-edit-dialog";
import { Td, Tr } from "~/ui/table";
import type { Route } from "./+types/trainers";

export const meta: Route.MetaFunction = () => [{ title: "Formateurs | Console d'administration" }];

export function loader(args: Route.LoaderArgs) {
  return loadConsoleList(args, {
    rows: "trainers",
    permission: "trainers:read",
    what: "formateurs",
    filters: trainerFiltersFrom,
    read: trainersPage,
    empty: NO_TRAINERS,
  });
}

export const action = trainerAction;

const STATE_OPTIONS = [
  { value: "actifs", label: "En activité" },
  { value: "inactifs", label: "Inactif·ve·s" },
  { value: "tous", label: "Tous" },
];
const STATE_VALUE = { active: "actifs", inactive: "inactifs", all: "tous" } as const;

export default function AdminTrainers({ loaderData }: Route.ComponentProps) {
  const { trainers, page, filters, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const canWrite = useCan("trainers:write");
  const editor = useEditDialog<AdminTrainer>();
  const remove = useConfirmDelete({
    question: "Supprimer ce formateur ou cette formatrice\u202f?",
    description:
      "Ses documents sont supprimés avec sa fiche. Une personne qui figure au planning ne peut pas être supprimée : décochez plutôt « En activité ».",
  });
  return (
    <>
      <PageHeader
        title={countedTitle("Formateurs", page, loadError)}
        description="Le registre de l'équipe pédagogique : coordonnées, compétences, qualifications imprimées sur les conventions, documents."
        actions={canWrite ? <AddButton label="Nouveau formateur" onClick={editor.create} /> : null}
      />
      <ListFilters
        q={filters.q}
        searchLabel="Rechercher un formateur"
        placeholder="Rechercher par nom, e-mail ou compétence..."
      >
        <FilterSelect
          id="filter-state"
          name="etat"
          label="État"
          value={STATE_VALUE[filters.state]}
          options={STATE_OPTIONS}
        />
      </ListFilters>
      <ListTable
        columns={[
          "Nom",
          { label: "Compétences", from: "md" },
          { label: "E-mail", from: "lg" },
          { label: "Téléphone", from: "lg" },
        ]}
        actions
        items={trainers}
        loadError={loadError}
        empty="Aucun formateur trouvé"
      >
        {(t) => (
          <Tr key={t.id}>
            <Td>
              <Link
                to={`/admin/formateurs/${t.id}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {trainerName(t)}
              </Link>
              {t.active ? null : <p className="text-xs text-muted-foreground">Inactif·ve</p>}
            </Td>
            <Td className={shownFrom("md")}>
              <p className="line-clamp-2 whitespace-pre-line">{t.skills || "—"}</p>
            </Td>
            <Td className={`break-all ${shownFrom("lg")}`}>{t.email ?? "—"}</Td>
            <Td className={`whitespace-nowrap ${shownFrom("lg")}`}>{t.phone ?? "—"}</Td>
            {canWrite ? (
              <EditDeleteCell
                subject={trainerName(t)}
                onEdit={() => editor.edit(t)}
                onDelete={() => remove.ask(t.id)}
              />
            ) : (
              <ActionsCell>{null}</ActionsCell>
            )}
          </Tr>
        )}
      </ListTable>
      <Pagination page={page} />
      {editor.render((trainer) => (
        <TrainerDialog trainer={trainer} onDone={editor.close} />
      ))}
      {remove.dialog}
    </>
  );
}
