import { Download } from "lucide-react";
import { Form, Link } from "react-router";
import { ADMIN_ONLY, can, DeniedControl, useCan } from "~/features/accounts";
import { requirePermission } from "~/features/accounts/index.server";
import { type BpfProducts, bpfProducts } from "~/features/billing/index.server";
import {
  type BpfLearner,
  type BpfSection,
  F1_LABELS,
  F3_LABELS,
  f4Label,
  hoursOf,
  TO_COMPLETE,
  UNKNOWN_SECTIONS,
  yearFrom,
} from "~/features/bpf";
import { type BpfReport, bpfYear, defaultYear, learnersOfLine, lineLabel } from "~/features/bpf/index.server";
import { formatDateRange } from "~/features/catalogue";
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
  const asked = params.get("ligne");
  const empty: Awaited<ReturnType<typeof bpfYear>> = {
    report: {
      year,
      years: [year],
      sections: [],
      counted: 0,
      notCounted: 0,
      trainers: { people: [], minutes: 0, unnamedMinutes: 0 },
      namedNsf: [],
    },
    learners: [],
  };
  // Section C is billing's, read beside the rest (the bpf feature knows nothing of invoices): only for a
  // role that may read the invoices it sums.
  const [{ value, loadError }, products] = await Promise.all([
    loadOr(app, "chiffres du bilan", () => bpfYear(app.db, year), empty),
    can(role, "invoices:read")
      ? loadOr(app, "produits de la section C", () => bpfProducts(app.db, year), null)
      : { value: null, loadError: null },
  ]);
  const label = asked ? lineLabel(value.report, asked) : null;
  return {
    report: value.report,
    // Only the list asked for reaches the page: a year may count thousands of learners.
    list:
      asked && label
        ? { line: asked, label, learners: learnersOfLine(value.report, value.learners, asked) }
        : null,
    unknownLine: Boolean(asked && !label && !loadError),
    products: products.value,
    loadError: loadError ?? products.loadError,
  };
}

const linkTo = (year: number, line: string) => `?annee=${year}&ligne=${encodeURIComponent(line)}#liste`;

function SectionTable({ section, year }: { section: BpfSection; year: number }) {
  return (
    <Card data-testid={`bpf-${section.id}`}>
      <CardHeader className="pb-2 sm:pb-2">
        <h2 className="font-semibold">{section.title}</h2>
      </CardHeader>
      <CardContent>
        <Table>
          <THead>
            <Tr>
              <Th>Ligne</Th>
              <Th className="text-right">Stagiaires</Th>
              <Th className="text-right">Heures-stagiaires</Th>
            </Tr>
          </THead>
          <TBody>
            {section.lines.map((line) => (
              <Tr key={line.id} data-testid="bpf-line" data-line={line.id}>
                <Td className={line.sub ? "pl-6 @xl:pl-8" : "font-medium"}>
                  {line.label}
                  {TO_COMPLETE.has(line.id) ? <span className="sr-only"> (à compléter)</span> : null}
                </Td>
                <Td className="text-right tabular-nums">
                  {line.learners > 0 ? (
                    <Link
                      to={linkTo(year, line.id)}
                      preventScrollReset
                      className="text-primary underline-offset-4 hover:underline"
                      aria-label={`${plural(line.learners, "stagiaire")} : ${line.label}, voir la liste`}
                    >
                      {line.learners}
                    </Link>
                  ) : (
                    "0"
                  )}
                </Td>
                <Td className="text-right tabular-nums">{hoursOf(line.minutes)}</Td>
              </Tr>
            ))}
            <Tr data-testid="bpf-total">
              <Td className="font-semibold">Total</Td>
              <Td className="text-right font-semibold tabular-nums">
                {section.total.learners > 0 ? (
                  <Link
                    to={linkTo(year, "all")}
                    preventScrollReset
                    className="text-primary underline-offset-4 hover:underline"
                    aria-label={`Total ${section.title.split(" – ")[0]} : ${plural(section.total.learners, "stagiaire")}, voir la liste`}
                  >
                    {section.total.learners}
                  </Link>
                ) : (
                  "0"
                )}
              </Td>
              <Td className="text-right font-semibold tabular-nums">{hoursOf(section.total.minutes)}</Td>
            </Tr>
          </TBody>
        </Table>
      </CardContent>
    </Card>
  );
}

const nameOf = (l: BpfLearner) =>
  l.anonymised ? "Stagiaire anonymisé·e" : `${l.firstName ?? ""} ${l.lastName ?? ""}`.trim();

function LearnerList({
  year,
  list,
}: {
  year: number;
  list: { line: string; label: string; learners: BpfLearner[] };
}) {
  const canExport = useCan("learners:export");
  const csv = `/admin/statistiques/bpf/stagiaires.csv?annee=${year}&ligne=${encodeURIComponent(list.line)}`;
  return (
    <section id="liste" aria-labelledby="liste-titre" className="mb-6 scroll-mt-4" data-testid="bpf-list">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="liste-titre" className="text-lg font-semibold">
          {list.label} : {plural(list.learners.length, "stagiaire")} en {year}
        </h2>
        {canExport ? (
          <a href={csv} className={buttonClass("outline")} download>
            <Download aria-hidden="true" className="h-4 w-4" /> Télécharger la liste (CSV)
          </a>
        ) : (
          <DeniedControl reason={ADMIN_ONLY} className={buttonClass("outline")}>
            <Download aria-hidden="true" className="h-4 w-4" /> Télécharger la liste (CSV)
          </DeniedControl>
        )}
      </div>
      <Table>
        <THead>
          <Tr>
            <Th>Stagiaire</Th>
            <Th>Formation et session</Th>
            <Th>Type, objectif, spécialité</Th>
            <Th className="text-right">Heures</Th>
          </Tr>
        </THead>
        <TBody>
          {list.learners.map((l) => (
            <Tr key={l.id} data-testid="bpf-learner">
              <Td>
                <p className="font-medium">{nameOf(l)}</p>
                {l.email ? (
                  <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{l.email}</p>
                ) : null}
              </Td>
              <Td>
                <p>{l.formationTitle}</p>
                <p className="text-xs text-muted-foreground">{formatDateRange(l.startDate, l.endDate)}</p>
              </Td>
              <Td className="text-xs">
                <p>{F1_LABELS[l.f1]}</p>
                <p>{F3_LABELS[l.f3]}</p>
                <p>{f4Label(l.nsf ?? "unknown")}</p>
              </Td>
              <Td className="text-right tabular-nums">{hoursOf(l.minutes)}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </section>
  );
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

function Trainers({ trainers }: { trainers: BpfReport["trainers"] }) {
  return (
    <Card data-testid="bpf-e">
      <CardHeader className="pb-2 sm:pb-2">
        <h2 className="font-semibold">E – Personnes dispensant des heures de formation</h2>
        <p className="text-sm text-muted-foreground">
          D'après le planning : les formateur·rices nommé·es sur les créneaux de l'année et leurs heures.
        </p>
      </CardHeader>
      <CardContent>
        <p className="mb-3 text-sm" data-testid="bpf-trainers">
          {plural(trainers.people.length, "formateur·rice")}, {hoursOf(trainers.minutes)} h de formation
          {trainers.unnamedMinutes > 0
            ? ` ; ${hoursOf(trainers.unnamedMinutes)} h de créneaux sans formateur·rice nommé·e`
            : ""}
        </p>
        {trainers.people.length ? (
          <Table>
            <THead>
              <Tr>
                <Th>Formateur·rice</Th>
                <Th className="text-right">Heures</Th>
              </Tr>
            </THead>
            <TBody>
              {trainers.people.map((p) => (
                <Tr key={p.name}>
                  <Td>{p.name}</Td>
                  <Td className="text-right tabular-nums">{hoursOf(p.minutes)}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        ) : null}
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
