import { useCan } from "~/features/accounts";
import { LEARNER_NOT_FOUND, LearnerPageError, learnerListLink, learnerPageTitle } from "~/features/learners";
import {
  AdaptationDecided,
  AdaptationForm,
  POSITIONING_TITLE,
  PositioningAnswers,
  SendPositioningForm,
} from "~/features/positioning";
import { learnerPositioningPage, positioningAction } from "~/features/positioning/index.server";
import { loadConsoleRecord } from "~/platform/console/record-loader.server";
import { Card, CardContent } from "~/ui/card";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { PageHeader } from "~/ui/console/page-header";
import { RecordScreen } from "~/ui/console/record-screen";
import type { Route } from "./+types/learner-positioning";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: learnerPageTitle("Positionnement", loaderData?.page?.learner.name) },
];

// The answers may speak of a disability: only staff who follow the learners read them.
export async function loader(args: Route.LoaderArgs) {
  const { value, loadError } = await loadConsoleRecord(args, {
    permission: "learners:read",
    what: "réponses de positionnement",
    notFound: LEARNER_NOT_FOUND,
    read: learnerPositioningPage,
  });
  return { page: value, loadError };
}

export const action = positioningAction;

export default function AdminLearnerPositioning({ loaderData }: Route.ComponentProps) {
  const { page, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const canWrite = useCan("learners:write");
  const list = learnerListLink(page?.learner.sessionId);
  if (!page) {
    return (
      <RecordScreen
        list={list}
        failure={loadError ?? "Erreur lors du chargement des réponses de positionnement"}
      />
    );
  }
  const { learner, positioning } = page;
  const name = learner.name ?? "Stagiaire anonymisé·e";
  return (
    <RecordScreen list={list}>
      <PageHeader
        title={`Positionnement de ${name}`}
        description={`${learner.formation} – session ${learner.dates}`}
      />
      <div className="grid gap-6">
        <Card>
          <CardContent className="space-y-4">
            <h2 className="text-lg font-semibold">{POSITIONING_TITLE}</h2>
            <PositioningAnswers positioning={positioning} />
            {canWrite && learner.email && !positioning?.answeredAt ? (
              <SendPositioningForm learnerId={learner.id} sent={Boolean(positioning?.sentAt)} />
            ) : null}
          </CardContent>
        </Card>
        <Card>
          <CardContent className="space-y-4">
            <h2 className="text-lg font-semibold">Adaptation décidée</h2>
            <AdaptationDecided positioning={positioning} />
            {canWrite && learner.name ? (
              <AdaptationForm learnerId={learner.id} positioning={positioning} disabled={false} />
            ) : null}
          </CardContent>
        </Card>
      </div>
    </RecordScreen>
  );
}

export const ErrorBoundary = LearnerPageError;
