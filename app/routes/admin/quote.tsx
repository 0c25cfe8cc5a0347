import { requirePermission } from "~/features/accounts/index.server";
import {
  DraftQuoteActions,
  NEW_QUOTE,
  QUOTE_STATE_LABELS,
  QUOTES_HREF,
  QuoteEditor,
  QuoteView,
} from "~/features/billing";
import { newQuotePage, quoteAction, quotePage } from "~/features/billing/index.server";
import { loadOr } from "~/platform/console/action.server";
import { loadConsoleRecord } from "~/platform/console/record-loader.server";
import { entityId } from "~/platform/form-schema";
import { Badge } from "~/ui/badge";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { PageHeader } from "~/ui/console/page-header";
import { RecordError } from "~/ui/console/record-error";
import { type RecordList, RecordScreen } from "~/ui/console/record-screen";
import type { Route } from "./+types/quote";

const NOT_FOUND = "Devis introuvable";
const LIST: RecordList = { to: QUOTES_HREF, label: "Tous les devis" };

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const quote = loaderData?.page?.quote;
  const title = quote ? (quote.number ? `Devis ${quote.number}` : "Brouillon de devis") : "Nouveau devis";
  return [{ title: `${title} | Console d'administration` }];
};

export async function loader(args: Route.LoaderArgs) {
  if (args.params.id === NEW_QUOTE) {
    // A new quote is a form to fill: whoever may write quotes.
    const { request, context } = args;
    await requirePermission({ request, context }, "invoices:write");
    const { app } = context;
    const query = new URL(args.request.url).searchParams;
    const learnerId = entityId.safeParse(query.get("stagiaire")).data ?? null;
    const payerId = entityId.safeParse(query.get("financeur")).data ?? null;
    const { value, loadError } = await loadOr(
      app,
      "devis",
      () => newQuotePage(app.db, learnerId, payerId),
      null,
    );
    return { page: null, fresh: value, loadError };
  }
  const { value, loadError } = await loadConsoleRecord(args, {
    permission: "invoices:read",
    what: "devis",
    notFound: NOT_FOUND,
    read: quotePage,
  });
  return { page: value, fresh: null, loadError };
}

export const action = quoteAction;

export default function AdminQuote({ loaderData }: Route.ComponentProps) {
  const { page, fresh, loadError } = loaderData;
  useLoadErrorToast(loadError);
  if (fresh) {
    return (
      <RecordScreen list={LIST}>
        <PageHeader
          title="Nouveau devis"
          description="Enregistrez-le en brouillon, puis envoyez-le au financeur."
        />
        <QuoteEditor id={null} draft={fresh.draft} learner={fresh.learner} payers={fresh.payers} />
      </RecordScreen>
    );
  }
  if (!page) {
    return <RecordScreen list={LIST} failure={loadError ?? "Erreur lors du chargement des devis"} />;
  }
  const { quote, lines, learner, payers } = page;
  return (
    <RecordScreen list={LIST}>
      <PageHeader
        title={quote.number ? `Devis ${quote.number}` : "Brouillon de devis"}
        description={`${quote.title} – ${quote.payerName}`}
        actions={
          <Badge
            variant={quote.state === "accepted" ? "success" : "secondary"}
            className="self-center"
            data-testid="quote-state"
          >
            {QUOTE_STATE_LABELS[quote.state]}
          </Badge>
        }
      />
      {quote.state === "draft" ? (
        <div className="grid gap-6">
          <QuoteEditor
            key={quote.id}
            id={quote.id}
            draft={{ ...quote, lines }}
            learner={learner}
            payers={payers}
          />
          <DraftQuoteActions id={quote.id} payerName={quote.payerName} payerEmail={quote.payerEmail} />
        </div>
      ) : (
        <QuoteView quote={quote} lines={lines} learner={learner} />
      )}
    </RecordScreen>
  );
}

export function ErrorBoundary() {
  return (
    <RecordError
      notFoundTitle={NOT_FOUND}
      notFoundText="Ce devis n'existe pas, ou c'était un brouillon supprimé depuis."
      backHref={QUOTES_HREF}
      backLabel="Retour aux devis"
    />
  );
}
