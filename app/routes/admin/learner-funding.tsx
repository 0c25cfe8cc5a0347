import { useCan } from "~/features/accounts";
import { FundingPlanForm, InvoiceRowsTable, LearnerQuotes, ShareDrafts } from "~/features/billing";
import { fundingAction, learnerFundingPage } from "~/features/billing/index.server";
import { formatDateRange } from "~/features/catalogue";
import { LEARNER_NOT_FOUND, LearnerPageError, learnerListLink, learnerPageTitle } from "~/features/learners";
import { loadConsoleRecord } from "~/platform/console/record-loader.server";
import { Card, CardContent } from "~/ui/card";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { PageHeader } from "~/ui/console/page-header";
import { RecordScreen } from "~/ui/console/record-screen";
import type { Route } from "./+types/learner-funding";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: learnerPageTitle("Financement", loaderData?.page?.learner.name) },
];

export async function loader(args: Route.LoaderArgs) {
  const { value, loadError } = await loadConsoleRecord(args, {
    permission: "invoices:read",
    what: "plans de financement",
    notFound: LEARNER_NOT_FOUND,
    read: learnerFundingPage,
  });
  return { page: value, loadError };
}

export const action = fundingAction;

export default function AdminLearnerFunding({ loaderData }: Route.ComponentProps) {
  const { page, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const canWrite = useCan("invoices:write");
  const list = learnerListLink(page?.learner.sessionId);
  if (!page) {
    return (
      <RecordScreen list={list} failure={loadError ?? "Erreur lors du chargement des plans de financement"} />
    );
  }
  const { learner, plan, payers, invoices, quotes } = page;
  const name = learner.name ?? "Stagiaire anonymisé·e";
  return (
    <RecordScreen list={list}>
      <PageHeader
        title={`Financement de ${name}`}
        description={`${learner.formationTitle} – session ${formatDateRange(learner.sessionStart, learner.sessionEnd)}`}
      />
      <div className="grid gap-6">
        <Card>
          <CardContent className="space-y-4">
            <h2 className="text-lg font-semibold">Plan de financement</h2>
            {plan.saved ? null : (
              <p className="text-sm text-muted-foreground">
                Aucun plan enregistré&nbsp;: le prix proposé est celui de la formation au catalogue.
              </p>
            )}
            <FundingPlanForm learnerId={learner.id} plan={plan} payers={payers} disabled={!canWrite} />
          </CardContent>
        </Card>
        <Card>
          <CardContent className="space-y-4">
            <h2 className="text-lg font-semibold">Factures et avoirs</h2>
            <ShareDrafts learnerId={learner.id} shares={plan.shares} canWrite={canWrite} />
            <InvoiceRowsTable rows={invoices} empty="Aucune facture pour ce ou cette stagiaire." />
          </CardContent>
        </Card>
        <LearnerQuotes learnerId={learner.id} quotes={quotes} canWrite={canWrite} />
      </div>
    </RecordScreen>
  );
}

export const ErrorBoundary = LearnerPageError;
