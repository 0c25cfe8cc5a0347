import { Link } from "react-router";
import { PAYER_KIND_LABELS } from "~/features/billing";
import { NO_OUTSTANDING, outstandingPage } from "~/features/billing/index.server";
import { loadConsoleList } from "~/platform/console/list-loader.server";
import { formatDate } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { plural } from "~/platform/plural";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { cn } from "~/ui/cn";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { ListTable, shownFrom } from "~/ui/console/list-table";
import { PageHeader } from "~/ui/console/page-header";
import { countedTitle, Pagination } from "~/ui/console/pagination";
import { Td, Tr } from "~/ui/table";
import type { Route } from "./+types/outstanding";

export const meta: Route.MetaFunction = () => [{ title: "Encours | Console d'administration" }];

export function loader(args: Route.LoaderArgs) {
  return loadConsoleList(args, {
    rows: "payers",
    permission: "invoices:read",
    what: "encours",
    read: (db, filters, page) => outstandingPage(db, filters, page),
    empty: NO_OUTSTANDING,
  });
}

const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);

function Total({ title, cents, testId }: { title: string; cents: number; testId: string }) {
  return (
    <Card>
      <CardHeader className="pb-2 sm:pb-2">
        <h2 className="text-sm font-medium">{title}</h2>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold tabular-nums" data-testid={testId}>
          {formatCents(cents)}
        </p>
      </CardContent>
    </Card>
  );
}

export default function AdminOutstanding({ loaderData }: Route.ComponentProps) {
  const { payers, totals, page, loadError } = loaderData;
  useLoadErrorToast(loadError);
  return (
    <>
      <PageHeader
        title={countedTitle("Encours", page, loadError)}
        description="Ce que chaque financeur doit encore sur ses factures émises, avoirs et règlements déduits : les retards d'abord"
      />
      {totals ? (
        <div className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Total title="Reste dû" cents={totals.leftCents} testId="outstanding-total" />
          <Total title="Dont en retard" cents={totals.overdueCents} testId="outstanding-overdue" />
        </div>
      ) : null}
      <ListTable
        columns={[
          "Financeur",
          "Reste dû",
          "Dont en retard",
          { label: "Échéance la plus ancienne", from: "md" },
        ]}
        items={payers}
        empty="Aucun financeur ne doit quoi que ce soit"
        loadError={loadError}
      >
        {(p) => (
          <Tr key={p.payerId} data-testid="outstanding-row">
            <Td>
              <Link
                to={`/admin/factures?financeur=${p.payerId}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {p.name}
              </Link>
              <p className="text-xs text-muted-foreground">
                {PAYER_KIND_LABELS[p.kind]}, {plural(p.invoices, "facture")}
              </p>
            </Td>
            <Td className="whitespace-nowrap tabular-nums">{formatCents(p.leftCents)}</Td>
            <Td
              className={cn(
                "whitespace-nowrap tabular-nums",
                p.overdueCents > 0 ? "font-semibold text-destructive" : "text-muted-foreground",
              )}
            >
              {formatCents(p.overdueCents)}
            </Td>
            <Td className={cn("whitespace-nowrap", shownFrom("md"))}>{day(p.oldestDueOn)}</Td>
          </Tr>
        )}
      </ListTable>
      <Pagination page={page} />
    </>
  );
}
