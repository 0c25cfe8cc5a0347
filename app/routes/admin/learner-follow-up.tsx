import { useCan } from "~/features/accounts";
import { AbsenceAlertList, FollowUps } from "~/features/attendance";
import { followUpAction, learnerFollowUpPage } from "~/features/attendance/index.server";
import { formatDateRange, formatDay } from "~/features/catalogue";
import { LEARNER_STATUS_LABELS } from "~/features/learners";
import { loadConsoleRecord } from "~/platform/console/record-loader.server";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { PageHeader } from "~/ui/console/page-header";
import { RecordError } from "~/ui/console/record-error";
import { RecordScreen } from "~/ui/console/record-screen";
import type { Route } from "./+types/learner-follow-up";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `Suivi des absences${loaderData?.page?.learner.name ? ` de ${loaderData.page.learner.name}` : ""} | Stagiaires | Console d'administration`,
  },
];

const NOT_FOUND = "Stagiaire introuvable";

export async function loader(args: Route.LoaderArgs) {
  const { value, loadError } = await loadConsoleRecord(args, {
    permission: "learners:read",
    what: "suivis des absences",
    notFound: NOT_FOUND,
    read: learnerFollowUpPage,
  });
  return { page: value, loadError };
}

export const action = followUpAction;

export default function AdminLearnerFollowUp({ loaderData }: Route.ComponentProps) {
  const { page, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const canWrite = useCan("learners:write");
  const list = {
    to: page ? `/admin/stagiaires?session=${page.learner.sessionId}` : "/admin/stagiaires",
    label: "Stagiaires de la session",
  };
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

export function ErrorBoundary() {
  return (
    <RecordError
      notFoundTitle={NOT_FOUND}
      notFoundText="Ce ou cette stagiaire n'existe pas ou a été effacé·e."
      backHref="/admin/stagiaires"
      backLabel="Retour aux stagiaires"
    />
  );
}
