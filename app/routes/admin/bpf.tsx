import { Download } from "lucide-react";
import { Form, Link } from "react-router";
import { ADMIN_ONLY, can, DeniedControl, useCan } from "~/features/accounts";
import { requirePermission } from "~/features/accounts/index.server";
import { type BpfProducts, bpfProducts } from "~/features/billing/index.server";
import { LearnerList, linkTo, SectionTable, Trainers, UNKNOWN_SECTIONS, yearFrom } from "~/features/bpf";
import { bpfPage, defaultYear } from "~/features/bpf/index.server";
import { loadOr } from "~/platform/console/action.server";
import { formatCents } from "~/platform/money";
import { plural } from "~/platform/plural";
import { Button, buttonClass } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { BackLink } from "~/ui/console/back-link";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { PageHeader } from "~/ui/console/page-header";
import { SelectField } from "~/ui/field";
import { Table, TBody, Td, THead, Th, Tr } from "~/ui/table";
import type { Route } from "./+types/bpf";

export const meta: Route.MetaFunction = () => [
  { title: "Bilan pédagogique et financier | Console d'administration" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context;
  const { role } = await requirePermission({ request, context }, "bpf:read");
  const params = new URL(request.url).searchParams;
  const year = yearFrom(params) ?? defaultYear();
  // Section C is billing's, read beside the rest (the bpf feature knows nothing of invoices): only for a
  // role that may read the invoices it sums.
  const [page, products] = await Promise.all([
    bpfPage(app, year, params.get("ligne")),
    can(role, "invoices:read")
      ? loadOr(app, "produits de la section C", () => bpfProducts(app.db, year), null)
      : { value: null, loadError: null },
  ]);
  return { ...page, products: products.value, loadError: page.loadError ?? products.loadError };
}

function ProductsCsv({ year, line, label }: { year: number; line: string; label: string }) {
  const canExport = useCan("invoices:export");
  const icon = <Download aria-hidden="true" className="h-4 w-4" />;
  if (!canExport) {
    return (
      <DeniedControl reason={ADMIN_ONLY} className={buttonClass("ghost", "icon")} label={label}>
        {icon}
      </DeniedControl>
    );
  }
  return (
    <a
      href={`/admin/statistiques/bpf/produits.csv?annee=${year}&ligne=${line}`}
      className={buttonClass("ghost", "icon")}
      aria-label={label}
      download
    >
      {icon}
    </a>
  );
}

/** Section C from the year's invoices and credit notes: each line's amount excluding VAT, its documents as CSV. */
function Products({ products }: { products: BpfProducts }) {
  const { year } = products;
  return (
    <Card data-testid="bpf-c">
      <CardHeader className="pb-2 sm:pb-2">
        <h2 className="font-semibold">C – Origine des produits de l'organisme (hors taxes)</h2>
        <p className="text-sm text-muted-foreground">
          D'après les factures et avoirs émis en {year}&nbsp;: montants hors taxes, avoirs déduits.
        </p>
      </CardHeader>
      <CardContent>
        <Table>
          <THead>
            <Tr>
              <Th>Ligne</Th>
              <Th className="text-right">Montant HT</Th>
              <Th className="text-right">Documents</Th>
            </Tr>
          </THead>
          <TBody>
            {products.lines.map((line) => (
              <Tr key={line.line} data-testid="bpf-product" data-line={line.code}>
                <Td className={line.code.includes("-") ? "pl-6 @xl:pl-8" : "font-medium"}>
                  {line.code}. {line.label}
                  {line.fromInvoices ? null : (
                    <span className="block text-xs text-muted-foreground">À compléter à la main</span>
                  )}
                </Td>
                <Td className="whitespace-nowrap text-right tabular-nums">{formatCents(line.cents)}</Td>
                <Td className="text-right">
                  {line.documents > 0 ? (
                    <span className="inline-flex items-center gap-1 tabular-nums">
                      {line.documents}
                      <ProductsCsv
                        year={year}
                        line={line.line}
                        label={`Télécharger les documents de la ligne ${line.code} (CSV)`}
                      />
                    </span>
                  ) : (
                    "0"
                  )}
                </Td>
              </Tr>
            ))}
            <Tr data-testid="bpf-product-total">
              <Td className="font-semibold">Total des produits (lignes 1 à 11)</Td>
              <Td className="whitespace-nowrap text-right font-semibold tabular-nums">
                {formatCents(products.totalCents)}
              </Td>
              <Td className="text-right">
                <ProductsCsv year={year} line="all" label="Télécharger tous les documents de l'année (CSV)" />
              </Td>
            </Tr>
          </TBody>
        </Table>
        <p className="mt-2 text-xs text-muted-foreground" data-testid="bpf-fund-managers">
          Dont ligne 2 (OPCO et autres gestionnaires de fonds)&nbsp;:{" "}
          {formatCents(products.fundManagersCents)}
        </p>
      </CardContent>
    </Card>
  );
}

export default function BpfPage({ loaderData }: Route.ComponentProps) {
  const { report, list, unknownLine, products, loadError } = loaderData;
  useLoadErrorToast(loadError);
  return (
    <>
      <BackLink to="/admin/statistiques" className="mb-4">
        Statistiques
      </BackLink>
      <PageHeader
        title="Bilan pédagogique et financier"
        description="Les chiffres du cerfa 10443 que les stagiaires, les formations et le planning permettent de calculer, pour une année civile."
      />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Choisir l'année">
        <div className="w-40">
          <SelectField
            form="bpf"
            name="annee"
            label="Année"
            defaultValue={String(report.year)}
            options={report.years.map((y) => ({ value: String(y), label: String(y) }))}
          />
        </div>
        <Button type="submit" variant="outline">
          Afficher
        </Button>
      </Form>
      <p className="mb-6 max-w-3xl text-sm text-muted-foreground" data-testid="bpf-rule">
        Un·e stagiaire compte en {report.year} s'il ou elle a au moins une heure de présence cette année-là
        (jours de Paris), une seule fois dans chaque section : les totaux de F-1, F-3 et F-4 sont égaux. Ses
        heures-stagiaires sont ses heures de présence de l'année.{" "}
        {report.notCounted > 0 ? (
          <Link
            to={linkTo(report.year, "none")}
            preventScrollReset
            className="text-primary underline-offset-4 hover:underline"
          >
            {plural(report.notCounted, "stagiaire")} des sessions de l'année sans heure de présence, non
            compté·es
          </Link>
        ) : null}
      </p>
      {unknownLine ? (
        <p className="mb-6 text-sm" role="status">
          Cette ligne n'existe pas pour {report.year}.
        </p>
      ) : null}
      {list ? <LearnerList year={report.year} list={list} /> : null}
      <div className="mb-6 grid grid-cols-1 gap-4 xl:grid-cols-2 xl:items-start">
        {report.sections.map((section) => (
          <SectionTable key={section.id} section={section} year={report.year} />
        ))}
        {products ? <Products products={products} /> : null}
        <Trainers trainers={report.trainers} />
      </div>
      <Card data-testid="bpf-unknown">
        <CardHeader className="pb-2 sm:pb-2">
          <h2 className="font-semibold">Ce que la console ne peut pas savoir</h2>
        </CardHeader>
        <CardContent>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {UNKNOWN_SECTIONS.map((s) => (
              <li key={s.section}>
                <span className="font-medium">{s.section}</span> : {s.why}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </>
  );
}
