import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useLoadErrorToast } from "~/components/admin/form-fields";
import { FormationDialog } from "~/components/admin/formation-dialog";
import { FilterSelect, ListFilters } from "~/components/admin/list-filters";
import { PageHeader } from "~/components/admin/page-header";
import { useConfirmDelete } from "~/components/admin/use-confirm-delete";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Dialog } from "~/components/ui/dialog";
import { Table, TBody, Td, THead, Th, Tr } from "~/components/ui/table";
import { loadOr } from "~/server/admin/action.server";
import {
  type AdminFormation,
  formationAction,
  formationFiltersFrom,
  listFormations,
} from "~/server/admin/formations.server";
import { requireRole } from "~/server/session.server";
import type { Route } from "./+types/formations";

export const meta: Route.MetaFunction = () => [{ title: "Formations | Console d'administration" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context;
  await requireRole(request, app);
  const filters = formationFiltersFrom(new URL(request.url).searchParams);
  const { value, loadError } = await loadOr(app, "formations", () => listFormations(app.db, filters), []);
  return { formations: value, filters, loadError };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireRole(request, context.app);
  return formationAction(context.app, user, await request.formData());
}

const TYPE_LABEL = { alternance: "Alternance", courte: "Formation courte" } as const;

export default function AdminFormations({ loaderData }: Route.ComponentProps) {
  const { formations, filters, loadError } = loaderData;
  useLoadErrorToast(loadError);
  // undefined: closed; null: creating; a row: editing it.
  const [editing, setEditing] = useState<AdminFormation | null | undefined>(undefined);
  const remove = useConfirmDelete({ question: "Êtes-vous sûr de vouloir supprimer cette formation ?" });

  return (
    <>
      <PageHeader
        title={`Formations (${formations.length})`}
        description="Gérez le catalogue de formations du centre"
        actions={
          <Button onClick={() => setEditing(null)}>
            <Plus aria-hidden="true" className="h-4 w-4" /> Ajouter une formation
          </Button>
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
            { value: "alternance", label: "Alternance" },
            { value: "courte", label: "Formation courte" },
          ]}
        />
      </ListFilters>
      <Card>
        <CardContent className="p-0 sm:p-0">
          <Table>
            <THead>
              <Tr>
                <Th>Formation</Th>
                <Th>Type</Th>
                <Th>Format</Th>
                <Th>Durée</Th>
                <Th>Statut</Th>
                <Th>Financement</Th>
                <Th className="text-right">Actions</Th>
              </Tr>
            </THead>
            <TBody>
              {formations.length === 0 ? (
                <Tr>
                  <Td colSpan={7} className="py-10 text-center text-muted-foreground">
                    Aucune formation trouvée
                  </Td>
                </Tr>
              ) : (
                formations.map((f) => (
                  <Tr key={f.id}>
                    <Td>
                      <p className="font-medium">{f.title}</p>
                      {f.rncpCode ? <p className="text-xs text-muted-foreground">{f.rncpCode}</p> : null}
                    </Td>
                    <Td>
                      <Badge variant="outline">{TYPE_LABEL[f.formationType]}</Badge>
                    </Td>
                    <Td>{f.format ?? "Non défini"}</Td>
                    <Td>{f.duration || "Non définie"}</Td>
                    <Td>
                      <Badge variant={f.active ? "success" : "secondary"}>
                        {f.active ? "Active" : "Inactive"}
                      </Badge>
                    </Td>
                    <Td>
                      <Badge variant={f.financingEligible ? "default" : "outline"}>
                        {f.financingEligible ? "Éligible" : "Non éligible"}
                      </Badge>
                    </Td>
                    <Td className="whitespace-nowrap text-right">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Modifier ${f.title}`}
                        onClick={() => setEditing(f)}
                      >
                        <Pencil aria-hidden="true" className="h-4 w-4" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Supprimer ${f.title}`}
                        onClick={() => remove.ask(f.id)}
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
          <FormationDialog
            key={editing?.id ?? "new"}
            formation={editing}
            onDone={() => setEditing(undefined)}
          />
        ) : null}
      </Dialog>
      {remove.dialog}
    </>
  );
}
