import { FilePlus2 } from "lucide-react";
import { Link } from "react-router";
import { useCan } from "~/features/accounts";
import { NEW_QUOTE, QUOTE_STATE_LABELS, QUOTE_STATES, quoteFiltersFrom, quoteHref } from "~/features/billing";
import { NO_QUOTES, quotesPage } from "~/features/billing/index.server";
import { loadConsoleList } from "~/platform/console/list-loader.server";
import { formatDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { Badge } from "~/ui/badge";
import { buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { ListFilters, StatusFilter } from "~/ui/console/list-filters";
import { ListTable, shownFrom } from "~/ui/console/list-table";
import { PageHeader } from "~/ui/console/page-header";
import { countedTitle, Pagination } from "~/ui/console/pagination";
import { Td, Tr } from "~/ui/table";
import type { Route } from "./+types/quotes";

export const meta: Route.MetaFunction = () => [{ title: "Devis | Console d'administration" }];

export function loader(args: Route.LoaderArgs) {
  return loadConsoleList(args, {
    rows: "quotes",
    permission: "invoices:read",
    what: "devis",
    filters: quoteFiltersFrom,
    read: quotesPage,
    empty: NO_QUOTES,
  });
}

export default function AdminQuotes({ loaderData }: Route.ComponentProps) {
  const { quotes, page, filters, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const canWrite = useCan("invoices:write");
  return (
    <>
      <PageHeader
        title={countedTitle("Devis", page, loadError)}
        description={
          "Les devis aux financeurs\u00a0: brouillons, envoyés avec leur lien d'acceptation, acceptés ou refusés"
        }
        actions={
          canWrite ? (
            <Link to={quoteHref(NEW_QUOTE)} className={buttonClass()}>
              <FilePlus2 aria-hidden="true" className="h-4 w-4" /> Nouveau devis
            </Link>
          ) : null
        }
      />
      <ListFilters
        q={filters.q}
        searchLabel="Rechercher un devis"
        placeholder="Rechercher par numéro, objet ou financeur..."
      >
        <StatusFilter statuses={QUOTE_STATES} labels={QUOTE_STATE_LABELS} value={filters.state} />
      </ListFilters>
      <ListTable
        columns={[
          "Numéro",
          { label: "Financeur", from: "sm" },
          { label: "Objet", from: "lg" },
          { label: "Montant HT", from: "md" },
          "État",
          { label: "Valable jusqu'au", from: "md" },
        ]}
        items={quotes}
        empty="Aucun devis trouvé"
        loadError={loadError}
      >
        {(q) => (
          <Tr key={q.id} data-testid="quote">
            <Td>
              <Link
                to={quoteHref(q.id)}
                className="whitespace-nowrap font-medium text-primary underline-offset-4 hover:underline"
              >
                {q.number ?? "Brouillon"}
              </Link>
            </Td>
            <Td className={shownFrom("sm")}>{q.payerName}</Td>
            <Td className={shownFrom("lg")}>{q.title}</Td>
            <Td className={cn("whitespace-nowrap", shownFrom("md"))}>{formatCents(q.netCents)}</Td>
            <Td>
              <Badge variant={q.state === "accepted" ? "success" : "secondary"}>
                {QUOTE_STATE_LABELS[q.state]}
              </Badge>
            </Td>
            <Td className={cn("whitespace-nowrap", shownFrom("md"))}>{formatDate(q.validUntil)}</Td>
          </Tr>
        )}
      </ListTable>
      <Pagination page={page} />
    </>
  );
}
