import { MailPlus } from "lucide-react";
import { useCan } from "~/features/accounts";
import { PAYER_KIND_LABELS, PAYER_KIND_OPTIONS, PayerDialog, payerFiltersFrom } from "~/features/billing";
import { type AdminPayer, NO_PAYERS, payerActionWith, payersPage } from "~/features/billing/index.server";
import { PayerContactInvitationDialog } from "~/features/spaces";
import { PAYER_SPACE_INTENTS, payerSpaceIntent } from "~/features/spaces/index.server";
import { groupCompanyNumber } from "~/platform/company-numbers";
import { loadConsoleList } from "~/platform/console/list-loader.server";
import { cn } from "~/ui/cn";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { FilterSelect, ListFilters } from "~/ui/console/list-filters";
import { EditDeleteCell, IconAction, ListTable, shownFrom } from "~/ui/console/list-table";
import { AddButton, PageHeader } from "~/ui/console/page-header";
import { countedTitle, Pagination } from "~/ui/console/pagination";
import { useConfirmDelete } from "~/ui/console/use-confirm-delete";
import { useEditDialog } from "~/ui/console/use-edit-dialog";
import { Td, Tr } from "~/ui/table";
import type { Route } from "./+types/payers";

export const meta: Route.MetaFunction = () => [{ title: "Financeurs | Console d'administration" }];

export function loader(args: Route.LoaderArgs) {
  return loadConsoleList(args, {
    rows: "payers",
    permission: "invoices:read",
    what: "financeurs",
    filters: payerFiltersFrom,
    read: payersPage,
    empty: NO_PAYERS,
  });
}

// The register's own intents, and a payer's contact invited into the company's space (features/spaces).
export const action = payerActionWith({ permissions: PAYER_SPACE_INTENTS, handle: payerSpaceIntent });

export default function AdminPayers({ loaderData }: Route.ComponentProps) {
  const { payers, page, filters, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const editor = useEditDialog<AdminPayer>();
  const invite = useEditDialog<AdminPayer>();
  const canInvite = useCan("spaces:invite");
  const remove = useConfirmDelete({
    question: "Êtes-vous sûr de vouloir supprimer ce financeur ?",
    description: "Un financeur qui a des factures ou des plans de financement ne peut pas être supprimé.",
  });
  return (
    <>
      <PageHeader
        title={countedTitle("Financeurs", page, loadError)}
        description="Qui paie les formations : entreprises, OPCO, France Travail, régions, particuliers…"
        actions={<AddButton label="Nouveau financeur" onClick={editor.create} />}
      />
      <ListFilters
        q={filters.q}
        searchLabel="Rechercher un financeur"
        placeholder="Rechercher par nom, SIREN ou ville..."
      >
        <FilterSelect
          id="filter-kind"
          name="type"
          label="Type de financeur"
          value={filters.kind ?? ""}
          options={[{ value: "", label: "Tous les types" }, ...PAYER_KIND_OPTIONS]}
        />
      </ListFilters>
      <ListTable
        columns={[
          "Nom",
          { label: "Type", from: "sm" },
          { label: "SIREN", from: "md" },
          { label: "Ville", from: "lg" },
          { label: "E-mail de facturation", from: "lg" },
        ]}
        actions
        items={payers}
        loadError={loadError}
        empty="Aucun financeur trouvé"
      >
        {(p) => (
          <Tr key={p.id}>
            <Td>
              <p className="font-medium">{p.name}</p>
              {p.contactName ? <p className="text-xs text-muted-foreground">{p.contactName}</p> : null}
            </Td>
            <Td className={shownFrom("sm")}>{PAYER_KIND_LABELS[p.kind]}</Td>
            <Td className={cn("whitespace-nowrap tabular-nums", shownFrom("md"))}>
              {p.siren ? groupCompanyNumber(p.siren) : "—"}
            </Td>
            <Td className={shownFrom("lg")}>{p.city}</Td>
            <Td className={cn("break-all", shownFrom("lg"))}>{p.invoicingEmail}</Td>
            <EditDeleteCell
              subject={`le financeur ${p.name}`}
              onEdit={() => editor.edit(p)}
              onDelete={() => remove.ask(p.id)}
            >
              {canInvite ? (
                <IconAction
                  label={`Inviter un contact de ${p.name} dans son espace`}
                  icon={MailPlus}
                  onClick={() => invite.edit(p)}
                />
              ) : null}
            </EditDeleteCell>
          </Tr>
        )}
      </ListTable>
      <Pagination page={page} />
      {editor.render((payer) => (
        <PayerDialog payer={payer} onDone={editor.close} />
      ))}
      {invite.render((payer) =>
        payer ? <PayerContactInvitationDialog payer={payer} onDone={invite.close} /> : null,
      )}
      {remove.dialog}
    </>
  );
}
