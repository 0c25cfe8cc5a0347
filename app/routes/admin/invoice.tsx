import { Link } from "react-router";
import {
  INVOICE_KIND_LABELS,
  INVOICE_PURPOSE_LABELS,
  INVOICES_HREF,
  InvoiceEditor,
  InvoiceView,
  invoiceHref,
  invoicePdfHref,
  STATE_BADGE,
  stateText,
} from "~/features/billing";
import { invoiceAction, invoicePage } from "~/features/billing/index.server";
import { loadConsoleRecord } from "~/platform/console/record-loader.server";
import { Badge } from "~/ui/badge";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { PageHeader } from "~/ui/console/page-header";
import { RecordError } from "~/ui/console/record-error";
import { type RecordList, RecordScreen } from "~/ui/console/record-screen";
import type { Route } from "./+types/invoice";

const NOT_FOUND = "Facture introuvable";

type Loaded = Awaited<ReturnType<typeof invoicePage>>;

/** 'Facture F-2027-00042', 'Brouillon d'avoir', 'Brouillon de facture'. */
function titleOf(page: NonNullable<Loaded>): string {
  const { invoice } = page;
  const kind = INVOICE_KIND_LABELS[invoice.kind];
  if (invoice.number) return `${kind} ${invoice.number}`;
  return invoice.kind === "credit_note" ? "Brouillon d'avoir" : "Brouillon de facture";
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.page ? titleOf(loaderData.page) : "Facture"} | Console d'administration` },
];

const LIST: RecordList = { to: INVOICES_HREF, label: "Toutes les factures" };

export async function loader(args: Route.LoaderArgs) {
  const { value, loadError } = await loadConsoleRecord(args, {
    permission: "invoices:read",
    what: "factures",
    notFound: NOT_FOUND,
    read: invoicePage,
  });
  return { page: value, loadError };
}

export const action = invoiceAction;

export default function AdminInvoice({ loaderData }: Route.ComponentProps) {
  const { page, loadError } = loaderData;
  useLoadErrorToast(loadError);
  if (!page) {
    return <RecordScreen list={LIST} failure={loadError ?? "Erreur lors du chargement des factures"} />;
  }
  const { invoice, credited } = page;
  const row = { kind: invoice.kind, state: page.state };
  return (
    <RecordScreen list={LIST}>
      <PageHeader
        title={titleOf(page)}
        description={
          invoice.kind === "credit_note" ? (
            <>
              Avoir sur la facture{" "}
              {credited ? (
                <Link to={invoiceHref(credited.id)} className="text-primary underline underline-offset-4">
                  {credited.number}
                </Link>
              ) : null}
            </>
          ) : (
            `${INVOICE_PURPOSE_LABELS[invoice.purpose]} – ${invoice.buyer.name}`
          )
        }
        actions={
          <Badge variant={STATE_BADGE[page.state]} className="self-center" data-testid="invoice-state">
            {stateText(row)}
          </Badge>
        }
      />
      {invoice.number ? (
        <InvoiceView page={page} pdfHref={invoicePdfHref(invoice.id)} />
      ) : (
        // Another draft's editor starts from its own record (key): fields never carry another's.
        <InvoiceEditor key={invoice.id} page={page} previewHref={invoicePdfHref(invoice.id)} />
      )}
    </RecordScreen>
  );
}

export function ErrorBoundary() {
  return (
    <RecordError
      notFoundTitle={NOT_FOUND}
      notFoundText="Cette facture n'existe pas, ou c'était un brouillon supprimé depuis."
      backHref={INVOICES_HREF}
      backLabel="Retour aux factures"
    />
  );
}
