import { data, Link } from "react-router";
import { useCan } from "~/features/accounts/components/use-can";
import { requirePermission } from "~/features/accounts/current-user.server";
import { sessionAttendance } from "~/features/attendance/console-attendance.server";
import { SESSION_NOT_FOUND, SessionRecordError } from "~/features/catalogue/components/session-record-error";
import { formatDateRange } from "~/features/catalogue/sessions";
import { hoursText } from "~/features/timetable";
import { entityId } from "~/platform/form-schema";
import { useLiveRevalidation } from "~/platform/use-live";
import { buttonClass } from "~/ui/button";
import { BackLink } from "~/ui/console/back-link";
import { PageHeader } from "~/ui/console/page-header";
import type { Route } from "./+types/session-attendance";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `Émargement${loaderData ? ` – ${loaderData.attendance.session.title}` : ""} | Console d'administration`,
  },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "attendance:sign");
  const formation = entityId.safeParse(params.id);
  const session = entityId.safeParse(params.sessionId);
  if (!formation.success || !session.success) throw data(SESSION_NOT_FOUND, { status: 404 });
  const attendance = await sessionAttendance(context.app.db, session.data);
  if (!attendance || attendance.session.formationId !== formation.data)
    throw data(SESSION_NOT_FOUND, { status: 404 });
  return { attendance };
}

const LIVE = ["attendance_entries"] as const;

export default function AdminSessionAttendance({ loaderData }: Route.ComponentProps) {
  const { session, slots, learners } = loaderData.attendance;
  useLiveRevalidation(LIVE);
  const canDownload = useCan("attendance:download");
  const base = `/admin/formations/${session.formationId}/sessions/${session.id}`;
  return (
    <>
      <BackLink to={`/admin/formations/${session.formationId}/sessions`} className="mb-4">
        Sessions de la formation
      </BackLink>
      <PageHeader
        title="Émargement de la session"
        description={`${session.title} – ${formatDateRange(session.startDate, session.endDate)}`}
      />
      {canDownload ? (
        <a href={`${base}/emargement.pdf`} className={buttonClass("outline", "default", "mb-6")} download>
          Télécharger la feuille d'émargement (PDF)
        </a>
      ) : null}
      <h2 className="mb-2 text-lg font-semibold">Créneaux</h2>
      {slots.length === 0 ? (
        <p className="text-muted-foreground">
          Aucun créneau : saisissez d'abord le <Link to={`${base}/planning`}>planning</Link>.
        </p>
      ) : (
        <ul className="mb-8 divide-y rounded-md border">
          {slots.map((slot) => (
            <li key={slot.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <Link to={`${base}/emargement/${slot.id}`} className="font-medium text-primary hover:underline">
                {slot.heading}
              </Link>
              <span className="text-sm text-muted-foreground">
                {slot.present} présent·e(s) · {slot.absent} absent·e(s) ·{" "}
                {slot.countersigned ? "contresigné" : "non contresigné"}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h2 className="mb-2 text-lg font-semibold">Heures suivies</h2>
      <ul className="divide-y rounded-md border">
        {learners.map((l) => (
          <li key={l.id} className="flex justify-between p-3" data-testid="attended">
            <span>{l.name}</span>
            <span>{hoursText(l.minutes)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

export const ErrorBoundary = SessionRecordError;
