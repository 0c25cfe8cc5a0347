import { Link } from "react-router";
import {
  INVOICE_KIND_LABELS,
  INVOICE_STATE_LABELS,
  INVOICE_STATES,
  invoiceHref,
  payerOption,
  STATE_BADGE,
  stateText,
} from "~/features/billing";
import { invoiceFiltersFrom, listInvoices, NO_INVOICES, payerChoices } from "~/features/billing/index.server";
import { loadConsoleList } from "~/platform/console/list-loader.server";
import { formatDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { Badge } from "~/ui/badge";
import { cn } from "~/ui/cn";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { FilterSelect, ListFilters } from "~/ui/console/list-filters";
import { ListTable, shownFrom } from "~/ui/console/list-table";
import { PageHeader } from "~/ui/console/page-header";
import { countedTitle, Pagination } from "~/ui/console/pagination";
import { Input } from "~/ui/input";
import { Td, Tr } from "~/ui/table";
import type { Route } from "./+types/invoices";

export const meta: Route.MetaFunction = () => [{ title: "Factures | Console d'administration" }];

export function loader(args: Route.LoaderArgs) {
  return loadConsoleList(args, {
    rows: "invoices",
    permission: "invoices:read",
    what: "factures",
    filters: invoiceFiltersFrom,
    read: (db, filters, page) => listInvoices(db, filters, page),
    empty: NO_INVOICES,
    // The payers the filter offers, by name.
    also: async (app) => ({ payers: await payerChoices(app.db) }),
  });
}

/** A day of the period filter ('du', 'au'): a date box named for screen readers. */
function DayFilter({ name, label, value }: { name: string; label: string; value: string | null }) {
  return (
    <div className="sm:w-44">
      <label htmlFor={`filter-${name}`} className="sr-only">
        {label}
      </label>
      <Input id={`filter-${name}`} type="date" name={name} defaultValue={value ?? ""} title={label} />
    </div>
  );
}

export default function AdminInvoices({ loaderData }: Route.ComponentProps) {
  const { invoices, page, counts, filters, payers, loadError } = loaderData;
  useLoadErrorToast(loadError);
  return (
    <>
      <PageHeader
        title={countedTitle("Factures", page, loadError)}
        description={
          "Factures et avoirs\u00a0: les brouillons à émettre d'abord, puis les émis du plus récent au plus ancien"
        }
      />
      <ListFilters
        q={filters.q}
        searchLabel="Rechercher une facture"
        placeholder="Rechercher par numéro ou financeur..."
      >
        <FilterSelect
          id="filter-state"
          name="etat"
          label="État"
          value={filters.state ?? ""}
          options={[
            { value: "", label: "Tous les états" },
            ...INVOICE_STATES.map((s) => ({ value: s, label: `${INVOICE_STATE_LABELS[s]} (${counts[s]})` })),
          ]}
        />
        <FilterSelect
          id="filter-kind"
          name="type"
          label="Type"
          value={filters.kind ?? ""}
          options={[
            { value: "", label: "Factures et avoirs" },
            { value: "invoice", label: "Factures" },
            { value: "credit_note", label: "Avoirs" },
          ]}
        />
        <FilterSelect
          id="filter-payer"
          name="financeur"
          label="Financeur"
          value={filters.payerId ?? ""}
          options={[
            { value: "", label: "Tous les financeurs" },
            ...payers.map((p) => ({ value: p.id, label: payerOption(p) })),
          ]}
        />
        <DayFilter name="du" label="Émises à partir du" value={filters.from} />
        <DayFilter name="au" label="Émises jusqu'au" value={filters.to} />
      </ListFilters>
      <ListTable
        columns={[
          "Numéro",
          { label: "Date", from: "md" },
          { label: "Financeur", from: "sm" },
          { label: "Stagiaire", from: "lg" },
          { label: "Montant TTC", from: "md" },
          { label: "Reste dû", from: "sm" },
          "État",
        ]}
        items={invoices}
        empty="Aucune facture trouvée"
        loadError={loadError}
      >
        {(i) => (
          <Tr key={i.id} data-testid="invoice">
            <Td>
              <Link
                to={invoiceHref(i.id)}
                className="whitespace-nowrap font-medium text-primary underline-offset-4 hover:underline"
              >
                {i.number ?? "Brouillon"}
              </Link>
              {i.kind === "credit_note" ? (
                <p className="text-xs text-muted-foreground">{INVOICE_KIND_LABELS.credit_note}</p>
              ) : null}
            </Td>
            <Td className={cn("whitespace-nowrap", shownFrom("md"))}>
              {i.issuedOn ? formatDate(i.issuedOn) : "—"}
            </Td>
            <Td className={shownFrom("sm")}>{i.buyerName}</Td>
            <Td className={shownFrom("lg")}>
              <p>{i.learnerName ?? "—"}</p>
              {i.formationTitle ? <p className="text-xs text-muted-foreground">{i.formationTitle}</p> : null}
            </Td>
            <Td className={cn("whitespace-nowrap text-right", shownFrom("md"))}>
              {i.kind === "credit_note" ? "−\u00a0" : ""}
              {formatCents(i.grossCents)}
            </Td>
            <Td className={cn("whitespace-nowrap text-right", shownFrom("sm"))}>
              {i.kind === "invoice" && i.number ? formatCents(i.leftCents) : "—"}
            </Td>
            <Td>
              <Badge variant={STATE_BADGE[i.state]}>{stateText(i)}</Badge>
            </Td>
          </Tr>
        )}
      </ListTable>
      <Pagination page={page} />
    </>
  );
}
