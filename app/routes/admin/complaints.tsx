import { Eye } from "lucide-react";
import { Link } from "react-router";
import {
  authorTypeLabel,
  COMPLAINT_STATUS_LABELS,
  COMPLAINT_STATUSES,
  categoryLabel,
  complaintFiltersFrom,
  handlingDelay,
  RegisterDownload,
} from "~/features/complaints";
import { complaintsPage, NO_COMPLAINTS } from "~/features/complaints/index.server";
import { StatusCounters } from "~/features/leads";
import { loadConsoleList } from "~/platform/console/list-loader.server";
import { formatDate } from "~/platform/dates";
import { Badge } from "~/ui/badge";
import { buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { ListFilters, StatusFilter } from "~/ui/console/list-filters";
import { ActionsCell, ListTable, shownFrom } from "~/ui/console/list-table";
import { PageHeader } from "~/ui/console/page-header";
import { countedTitle, Pagination } from "~/ui/console/pagination";
import { Td, Tr } from "~/ui/table";
import type { Route } from "./+types/complaints";

export const meta: Route.MetaFunction = () => [{ title: "Réclamations | Console d'administration" }];

export function loader(args: Route.LoaderArgs) {
  return loadConsoleList(args, {
    rows: "complaints",
    permission: "complaints:read",
    what: "réclamations",
    filters: complaintFiltersFrom,
    read: complaintsPage,
    empty: NO_COMPLAINTS,
  });
}

export default function AdminComplaints({ loaderData }: Route.ComponentProps) {
  const { complaints, page, counts, filters, loadError } = loaderData;
  useLoadErrorToast(loadError);
  return (
    <>
      <PageHeader
        title={countedTitle("Réclamations", page, loadError)}
        description="Le registre des réclamations : réception, traitement, réponse à l'auteur et action corrective"
      />
      <StatusCounters
        className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4"
        statuses={COMPLAINT_STATUSES}
        labels={COMPLAINT_STATUS_LABELS}
        counts={counts}
      />
      <RegisterDownload />
      <ListFilters
        q={filters.q}
        searchLabel="Rechercher une réclamation"
        placeholder="Rechercher par référence, nom ou e-mail..."
      >
        <StatusFilter statuses={COMPLAINT_STATUSES} labels={COMPLAINT_STATUS_LABELS} value={filters.status} />
      </ListFilters>
      <ListTable
        columns={[
          "Référence",
          { label: "Auteur", from: "sm" },
          { label: "Catégorie", from: "lg" },
          "Statut",
          { label: "Reçue le", from: "md" },
          { label: "Délai de traitement", from: "lg" },
        ]}
        actions
        items={complaints}
        empty="Aucune réclamation trouvée"
        loadError={loadError}
      >
        {(c) => (
          <Tr key={c.id}>
            <Td>
              <Link
                to={`/admin/reclamations/${c.id}`}
                className="whitespace-nowrap font-medium text-primary underline-offset-4 hover:underline"
              >
                {c.reference}
              </Link>
            </Td>
            <Td className={shownFrom("sm")}>
              {c.firstName ? (
                <p>
                  {c.firstName} {c.lastName}
                </p>
              ) : (
                <p className="italic text-muted-foreground">Données effacées</p>
              )}
              <p className="text-xs text-muted-foreground">
                {authorTypeLabel(c.authorType)}
                {c.organisation ? ` – ${c.organisation}` : ""}
              </p>
            </Td>
            <Td className={shownFrom("lg")}>
              <p>{categoryLabel(c.category)}</p>
              {c.sessionLabel ? <p className="text-xs text-muted-foreground">{c.sessionLabel}</p> : null}
            </Td>
            <Td>
              <Badge variant="secondary">{COMPLAINT_STATUS_LABELS[c.status]}</Badge>
            </Td>
            <Td className={cn("whitespace-nowrap", shownFrom("md"))}>{formatDate(c.createdAt)}</Td>
            <Td className={shownFrom("lg")}>{handlingDelay(c.createdAt, c.handledAt)}</Td>
            <ActionsCell>
              <Link
                to={`/admin/reclamations/${c.id}`}
                className={buttonClass("ghost", "icon")}
                aria-label={`Voir la réclamation ${c.reference}`}
              >
                <Eye aria-hidden="true" className="h-4 w-4" />
              </Link>
            </ActionsCell>
          </Tr>
        )}
      </ListTable>
      <Pagination page={page} />
    </>
  );
}
