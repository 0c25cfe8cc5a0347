import { Download, Eye, Trash2, X } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { ADMIN_ONLY, DeniedControl, useCan } from "~/features/accounts";
import {
  CONTACT_STATUS_LABELS,
  CONTACT_STATUS_PLURAL_LABELS,
  CONTACT_STATUSES,
  ContactDetails,
  type ContactStatus,
  contactFiltersFrom,
  StatusBadge,
  StatusCounters,
  sourceLabel,
} from "~/features/leads";
import { contactRequestAction, contactRequestsPage, NO_CONTACTS } from "~/features/leads/index.server";
import { loadConsoleList } from "~/platform/console/list-loader.server";
import { formatDate } from "~/platform/dates";
import { ofName } from "~/platform/french";
import { Badge } from "~/ui/badge";
import { buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { ListFilters, StatusFilter } from "~/ui/console/list-filters";
import { ActionsCell, IconAction, ListTable, shownFrom } from "~/ui/console/list-table";
import { PageHeader } from "~/ui/console/page-header";
import { countedTitle, Pagination } from "~/ui/console/pagination";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { useConfirmDelete } from "~/ui/console/use-confirm-delete";
import { Dialog } from "~/ui/dialog";
import { Select } from "~/ui/input";
import { Td, Tr } from "~/ui/table";
import type { Route } from "./+types/contacts";

export const meta: Route.MetaFunction = () => [{ title: "Contacts | Console d'administration" }];

export function loader(args: Route.LoaderArgs) {
  return loadConsoleList(args, {
    rows: "requests",
    permission: "contacts:read",
    what: "demandes",
    filters: contactFiltersFrom,
    read: contactRequestsPage,
    empty: NO_CONTACTS,
  });
}

export const action = contactRequestAction;

export default function AdminContacts({ loaderData }: Route.ComponentProps) {
  const { requests, page, counts, mails, filters, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const location = useLocation();
  // Export and erasure carry personal data out or destroy it: administrators only.
  const canExport = useCan("contacts:export");
  const canErase = useCan("contacts:erase");
  const [detailsId, setDetailsId] = useState<string | null>(filters.id);
  const details = requests.find((r) => r.id === detailsId) ?? null;
  // One fetcher for the whole list: a row filtered out by its new status still gets its toast.
  const statusFetcher = useAdminFetcher();
  const erase = useConfirmDelete({
    intent: "erase",
    question: "Effacer définitivement cette demande ?",
    description:
      "Droit à l'effacement (RGPD) : la demande et les e-mails qui la concernent seront supprimés. Cette action est irréversible.",
    confirmLabel: "Effacer",
  });
  const pendingStatus = (id: string) =>
    statusFetcher.state !== "idle" && statusFetcher.formData?.get("id") === id
      ? String(statusFetcher.formData.get("status"))
      : null;

  return (
    <>
      <PageHeader
        title={countedTitle("Demandes de contact", page, loadError)}
        description="Suivez les demandes d'information et de rappel"
        actions={
          canExport ? (
            <a
              href={`/admin/contacts/export.csv${location.search}`}
              download
              className={buttonClass("outline")}
            >
              <Download aria-hidden="true" className="h-4 w-4" /> Exporter en CSV
            </a>
          ) : (
            <DeniedControl reason={ADMIN_ONLY} className={buttonClass("outline")}>
              <Download aria-hidden="true" className="h-4 w-4" /> Exporter en CSV
            </DeniedControl>
          )
        }
      />
      <StatusCounters
        className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4"
        statuses={CONTACT_STATUSES}
        labels={CONTACT_STATUS_PLURAL_LABELS}
        counts={counts}
      />
      <ListFilters
        q={filters.q}
        searchLabel="Rechercher une demande"
        placeholder="Rechercher par nom, e-mail ou formation..."
      >
        <StatusFilter statuses={CONTACT_STATUSES} labels={CONTACT_STATUS_LABELS} value={filters.status} />
        {filters.day ? <input type="hidden" name="jour" value={filters.day} /> : null}
      </ListFilters>
      {filters.day ? (
        <p className="mb-4 flex items-center gap-2 text-sm">
          <Badge variant="secondary">Reçues aujourd'hui</Badge>
          <Link
            to={{ search: location.search.replace(/([?&])jour=aujourdhui&?/, "$1").replace(/[?&]$/, "") }}
            className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
          >
            <X aria-hidden="true" className="h-3 w-3" /> Afficher toutes les dates
          </Link>
        </p>
      ) : null}
      <ListTable
        columns={[
          "Contact",
          { label: "Formation", from: "md" },
          "Statut",
          { label: "Source", from: "lg" },
          { label: "Date", from: "sm" },
        ]}
        actions
        items={requests}
        empty="Aucune demande trouvée"
        loadError={loadError}
      >
        {(r) => {
          const name = `${r.firstName} ${r.lastName}`;
          const shown = (pendingStatus(r.id) ?? r.status) as ContactStatus;
          return (
            <Tr key={r.id}>
              <Td>
                <p className="font-medium">{name}</p>
                {r.email ? (
                  <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{r.email}</p>
                ) : null}
                <p className="text-xs text-muted-foreground">{r.phone}</p>
                {r.callbackRequested ? (
                  <Badge variant="secondary" className="mt-1">
                    Rappel demandé
                  </Badge>
                ) : null}
              </Td>
              <Td className={shownFrom("md")}>{r.formationInterest ?? "Non spécifiée"}</Td>
              <Td>
                <div className="flex flex-col items-start gap-1">
                  <StatusBadge status={shown} />
                  <label htmlFor={`status-${r.id}`} className="sr-only">
                    Statut de la demande {ofName(name)}
                  </label>
                  <Select
                    id={`status-${r.id}`}
                    // As wide as its longest status, so 'Contactée' or 'Convertie' is never cut.
                    className="h-8 w-auto min-w-36 py-0 pr-8"
                    value={shown}
                    onChange={(e) =>
                      statusFetcher.submit(
                        { intent: "status", id: r.id, status: e.target.value },
                        { method: "post" },
                      )
                    }
                  >
                    {CONTACT_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {CONTACT_STATUS_LABELS[s]}
                      </option>
                    ))}
                  </Select>
                </div>
              </Td>
              <Td className={shownFrom("lg")}>{sourceLabel(r.source)}</Td>
              <Td className={cn("whitespace-nowrap", shownFrom("sm"))}>{formatDate(r.createdAt)}</Td>
              <ActionsCell>
                <IconAction
                  label={`Voir la demande ${ofName(name)}`}
                  icon={Eye}
                  onClick={() => setDetailsId(r.id)}
                />
                {canErase ? (
                  <IconAction
                    label={`Effacer la demande ${ofName(name)}`}
                    icon={Trash2}
                    destructive
                    onClick={() => erase.ask(r.id)}
                  />
                ) : (
                  <DeniedControl
                    reason={ADMIN_ONLY}
                    label={`Effacer la demande ${ofName(name)}`}
                    className={buttonClass("ghost", "icon")}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4 text-destructive" />
                  </DeniedControl>
                )}
              </ActionsCell>
            </Tr>
          );
        }}
      </ListTable>
      <Pagination page={page} />
      <Dialog open={details !== null} onOpenChange={(open) => !open && setDetailsId(null)}>
        {details ? <ContactDetails request={details} mails={mails[details.id] ?? []} /> : null}
      </Dialog>
      {erase.dialog}
    </>
  );
}
