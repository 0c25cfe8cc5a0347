import { Download } from "lucide-react";
import { Form } from "react-router";
import { requirePermission } from "~/features/accounts/index.server";
import { periodAsked } from "~/features/billing/index.server";
import { formatDate } from "~/platform/dates";
import { Button, buttonClass } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { cn } from "~/ui/cn";
import { PageHeader } from "~/ui/console/page-header";
import { TextField } from "~/ui/field";
import type { Route } from "./+types/accounting-exports";

/** The download links' long labels wrap on a phone instead of making the page wider than the window. */
const WRAP = "h-auto min-h-9 max-w-full whitespace-normal text-left";

export const meta: Route.MetaFunction = () => [{ title: "Exports comptables | Console d'administration" }];

/** The period asked for (the last full month unless the URL says otherwise), checked on the server. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "invoices:export");
  return periodAsked(new URL(request.url).searchParams);
}

const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);

export default function AccountingExports({ loaderData }: Route.ComponentProps) {
  const { du, au, period, errors } = loaderData;
  const query = period ? `?du=${period.from}&au=${period.to}` : "";
  return (
    <>
      <PageHeader
        title="Exports comptables"
        description="Le journal des ventes et les factures d'une période, pour le cabinet comptable"
      />
      <Form method="get" className="mb-6 flex flex-wrap items-start gap-3" aria-label="Choisir la période">
        <div className="w-44">
          <TextField form="exports" name="du" label="Du" type="date" defaultValue={du} errors={errors} />
        </div>
        <div className="w-44">
          <TextField form="exports" name="au" label="Au" type="date" defaultValue={au} errors={errors} />
        </div>
        <Button type="submit" variant="outline" className="mt-8">
          Choisir cette période
        </Button>
      </Form>
      {period ? (
        <Card data-testid="exports-period">
          <CardHeader className="pb-2 sm:pb-2">
            <h2 className="font-semibold">
              Factures et avoirs émis du {day(period.from)} au {day(period.to)}
            </h2>
            <p className="text-sm text-muted-foreground">
              Le journal des ventes pour la comptabilité, et chaque facture et avoir en PDF Factur-X. Chaque
              téléchargement est inscrit au journal d'activité.
            </p>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-3">
            <a
              href={`/admin/exports-comptables/journal-des-ventes.csv${query}`}
              className={cn(buttonClass("default"), WRAP)}
              download
            >
              <Download aria-hidden="true" className="h-4 w-4" /> Télécharger le journal des ventes (CSV)
            </a>
            <a
              href={`/admin/exports-comptables/factures.zip${query}`}
              className={cn(buttonClass("outline"), WRAP)}
              download
            >
              <Download aria-hidden="true" className="h-4 w-4" /> Télécharger les factures de la période (ZIP)
            </a>
          </CardContent>
        </Card>
      ) : (
        <p className="text-sm" role="status">
          Corrigez la période pour télécharger les exports.
        </p>
      )}
    </>
  );
}
