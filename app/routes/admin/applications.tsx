import { Eye } from "lucide-react";
import { Link } from "react-router";
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  applicationFiltersFrom,
  financingLabel,
  SeatOfferedBadge,
} from "~/features/applications";
import { applicationsPage, NO_APPLICATIONS } from "~/features/applications/index.server";
import { formatDateRange, SessionFilters } from "~/features/catalogue";
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
import type { Route } from "./+types/applications";

export const meta: Route.MetaFunction = () => [{ title: "Candidatures | Console d'administration" }];

export function loader(args: Route.LoaderArgs) {
  return loadConsoleList(args, {
    rows: "applications",
    permission: "applications:read",
    what: "candidatures",
    filters: applicationFiltersFrom,
    read: applicationsPage,
    empty: NO_APPLICATIONS,
  });
}

export default function AdminApplications({ loaderData }: Route.ComponentProps) {
  const { applications, page, counts, choices, filters, loadError } = loaderData;
  useLoadErrorToast(loadError);
  return (
    <>
      <PageHeader
        title={countedTitle("Candidatures", page, loadError)}
        description="Lisez les candidatures en ligne, leurs pièces jointes et leur historique"
      />
      <StatusCounters
        className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7"
        statuses={APPLICATION_STATUSES}
        labels={APPLICATION_STATUS_LABELS}
        counts={counts}
      />
      <ListFilters
        q={filters.q}
        searchLabel="Rechercher une candidature"
        placeholder="Rechercher par nom ou e-mail..."
      >
        <SessionFilters choices={choices} formation={filters.formation} session={filters.session} />
        <StatusFilter
          statuses={APPLICATION_STATUSES}
          labels={APPLICATION_STATUS_LABELS}
          value={filters.status}
        />
      </ListFilters>
      <ListTable
        columns={[
          "Candidat·e",
          { label: "Formation et session", from: "sm" },
          "Statut",
          { label: "Financement", from: "lg" },
          { label: "Reçue le", from: "md" },
        ]}
        actions
        items={applications}
        empty="Aucune candidature trouvée"
        loadError={loadError}
      >
        {(a) => {
          const name = `${a.firstName} ${a.lastName}`;
          return (
            <Tr key={a.id}>
              <Td>
                {/* The name opens the application, as the row's 'Voir' button does. */}
                <Link
                  to={`/admin/candidatures/${a.id}`}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  {name}
                </Link>
                <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{a.email}</p>
              </Td>
              <Td className={shownFrom("sm")}>
                <p>{a.formationTitle}</p>
                <p className="text-xs text-muted-foreground">{formatDateRange(a.startDate, a.endDate)}</p>
              </Td>
              <Td>
                <div className="flex flex-wrap gap-1">
                  <Badge variant="secondary">{APPLICATION_STATUS_LABELS[a.status]}</Badge>
                  {a.seatOfferedAt ? <SeatOfferedBadge /> : null}
                </div>
              </Td>
              <Td className={shownFrom("lg")}>{financingLabel(a.financing)}</Td>
              <Td className={cn("whitespace-nowrap", shownFrom("md"))}>{formatDate(a.createdAt)}</Td>
              <ActionsCell>
                <Link
                  to={`/admin/candidatures/${a.id}`}
                  className={buttonClass("ghost", "icon")}
                  aria-label={`Voir la candidature de ${name}`}
                >
                  <Eye aria-hidden="true" className="h-4 w-4" />
                </Link>
              </ActionsCell>
            </Tr>
          );
        }}
      </ListTable>
      <Pagination page={page} />
    </>
  );
}
