import { useCan } from "~/features/accounts";
import { AbsenceAlertList, FollowUps } from "~/features/attendance";
import { followUpAction, learnerFollowUpPage } from "~/features/attendance/index.server";
import { formatDateRange, formatDay } from "~/features/catalogue";
import {
  LEARNER_NOT_FOUND,
  LEARNER_STATUS_LABELS,
  LearnerPageError,
  learnerListLink,
  learnerPageTitle,
} from "~/features/learners";
import { loadConsoleRecord } from "~/platform/console/record-loader.server";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { PageHeader } from "~/ui/console/page-header";
import { RecordScreen } from "~/ui/console/record-screen";
import type { Route } from "./+types/learner-follow-up";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: learnerPageTitle("Suivi des absences", loaderData?.page?.learner.name) },
];

export async function loader(args: Route.LoaderArgs) {
  const { value, loadError } = await loadConsoleRecord(args, {
    permission: "learners:read",
    what: "suivis des absences",
    notFound: LEARNER_NOT_FOUND,
    read: learnerFollowUpPage,
  });
  return { page: value, loadError };
}

export const action = followUpAction;

export default function AdminLearnerFollowUp({ loaderData }: Route.ComponentProps) {
  const { page, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const canWrite = useCan("learners:write");
  const list = learnerListLink(page?.learner.sessionId);
  if (!page) {
    return (
      <RecordScreen list={list} failure={loadError ?? "Erreur lors du chargement du suivi des absences"} />
    );
  }
  const { learner, alerts, followUps, today } = page;
  const name = learner.name ?? "Stagiaire anonymisé·e";
  const status = `${LEARNER_STATUS_LABELS[learner.status]}${learner.abandonedOn ? ` le ${formatDay(learner.abandonedOn)}` : ""}`;
  return (
    <RecordScreen list={list}>
      <PageHeader
        title={`Suivi des absences de ${name}`}
        description={`${learner.formationTitle} – session ${formatDateRange(learner.startDate, learner.endDate)} – ${status}`}
      />
      <div className="grid gap-6">
        <AbsenceAlertList alerts={alerts} />
        <FollowUps
          learnerId={learner.id}
          followUps={followUps}
          today={today}
          canWrite={canWrite && !learner.anonymisedAt}
        />
      </div>
    </RecordScreen>
  );
}

export const ErrorBoundary = LearnerPageError;
