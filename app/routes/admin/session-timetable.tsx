import { data, Link } from "react-router";
import { useCan } from "~/features/accounts/components/use-can";
import { requirePermission } from "~/features/accounts/current-user.server";
import { SESSION_NOT_FOUND, SessionRecordError } from "~/features/catalogue/components/session-record-error";
import { formatDateRange } from "~/features/catalogue/sessions";
import { PatternForm, SlotForm } from "~/features/timetable/components/timetable-editor";
import { ClashWarning, SlotsTable, TimetableTotals } from "~/features/timetable/components/timetable-slots";
import { timetableAction } from "~/features/timetable/console-timetable.server";
import { sessionTimetable } from "~/features/timetable/timetable.server";
import { loadOr } from "~/platform/console/action.server";
import { entityId } from "~/platform/form-schema";
import { useLiveRevalidation } from "~/platform/use-live";
import { Card, CardContent } from "~/ui/card";
import { BackLink } from "~/ui/console/back-link";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { LoadFailure } from "~/ui/console/list-table";
import { PageHeader } from "~/ui/console/page-header";
import type { Route } from "./+types/session-timetable";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `Planning${loaderData?.timetable ? ` – ${loaderData.timetable.session.title}` : ""} | Console d'administration`,
  },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app } = context;
  await requirePermission({ request, context }, "calendar:read");
  const formation = entityId.safeParse(params.id);
  const session = entityId.safeParse(params.sessionId);
  if (!formation.success || !session.success) throw data(SESSION_NOT_FOUND, { status: 404 });
  const { value, loadError } = await loadOr(
    app,
    "créneaux",
    () => sessionTimetable(app.db, session.data),
    null,
  );
  if (!loadError && (!value || value.session.formationId !== formation.data)) {
    throw data(SESSION_NOT_FOUND, { status: 404 });
  }
  return { timetable: value, formationId: formation.data, loadError };
}

export const action = timetableAction;

// A colleague's change to the sessions (the timetable's events are the sessions') shows at once.
const LIVE = ["formation_sessions"] as const;

export default function AdminSessionTimetable({ loaderData }: Route.ComponentProps) {
  const { timetable, formationId, loadError } = loaderData;
  useLoadErrorToast(loadError);
  useLiveRevalidation(LIVE);
  const canWrite = useCan("timetable:write");
  const canSign = useCan("attendance:sign");
  const back = (
    <BackLink to={`/admin/formations/${formationId}/sessions`} className="mb-4">
      Sessions de la formation
    </BackLink>
  );
  if (!timetable) {
    return (
      <>
        {back}
        <LoadFailure message={loadError ?? "Erreur lors du chargement des créneaux"} />
      </>
    );
  }
  const { session } = timetable;
  return (
    <>
      {back}
      <PageHeader
        title="Planning de la session"
        description={`${session.title} – ${formatDateRange(session.startDate, session.endDate)}`}
      />
      {canSign ? (
        <Link
          to={`/admin/formations/${formationId}/sessions/${session.id}/emargement`}
          className="mb-4 inline-block text-primary underline-offset-4 hover:underline"
        >
          Émargement de la session (signatures, absences, feuille PDF)
        </Link>
      ) : null}
      <TimetableTotals timetable={timetable} />
      <ClashWarning timetable={timetable} />
      <SlotsTable timetable={timetable} disabled={!canWrite} />
      {canWrite ? (
        <div className="mt-6 grid gap-6 xl:grid-cols-2">
          <Card>
            <CardContent>
              <h2 className="mb-3 text-lg font-semibold">Générer à partir d'un rythme</h2>
              <PatternForm timetable={timetable} disabled={!canWrite} />
            </CardContent>
          </Card>
          <Card>
            <CardContent>
              <h2 className="mb-3 text-lg font-semibold">Ajouter un créneau</h2>
              <SlotForm timetable={timetable} disabled={!canWrite} />
            </CardContent>
          </Card>
        </div>
      ) : null}
    </>
  );
}

export const ErrorBoundary = SessionRecordError;
