import { data, Link } from "react-router";
import { useCan } from "~/features/accounts";
import { requirePermission } from "~/features/accounts/index.server";
import { latestSheet, sessionAttendance, sheetAction } from "~/features/attendance/index.server";
import { formatDateRange, SESSION_NOT_FOUND, SessionRecordError } from "~/features/catalogue";
import { hoursText } from "~/features/timetable";
import { entityId } from "~/platform/form-schema";
import { formatDateTime } from "~/platform/paris-time";
import { plural } from "~/platform/plural";
import { useLiveRevalidation } from "~/platform/use-live";
import { Button, buttonClass } from "~/ui/button";
import { BackLink } from "~/ui/console/back-link";
import { PageHeader } from "~/ui/console/page-header";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
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
  return { attendance, sheet: await latestSheet(context.app.db, session.data) };
}

export const action = sheetAction;

const LIVE = ["attendance_entries", "attendance_sheets"] as const;

type SheetStatus = Route.ComponentProps["loaderData"]["sheet"];

/**
 * The signed sheet: prepared in the background (a large session takes seconds), its progress shown
 * as it goes (live events), then offered for download; prepared again when entries changed since.
 */
function SheetPanel({ sessionId, base, sheet }: { sessionId: string; base: string; sheet: SheetStatus }) {
  const fetcher = useAdminFetcher();
  const busy = sheet?.state === "queued" || sheet?.state === "running";
  return (
    <section className="mb-6 space-y-3 rounded-md border p-4" aria-labelledby="feuille">
      <h2 id="feuille" className="text-lg font-semibold">
        Feuille d'émargement (PDF)
      </h2>
      {sheet?.state === "done" ? (
        <p className="flex flex-wrap items-center gap-3">
          <a href={`${base}/emargement.pdf?feuille=${sheet.id}`} className={buttonClass("default")} download>
            Télécharger la feuille d'émargement (PDF)
          </a>
          <span className="text-sm text-muted-foreground">
            Préparée le {formatDateTime(sheet.finishedAt ?? sheet.createdAt)}
            {sheet.byteSize
              ? `, ${(sheet.byteSize / 2 ** 20).toLocaleString("fr-FR", { maximumFractionDigits: 1 })} Mo`
              : ""}
          </span>
        </p>
      ) : null}
      {busy ? (
        <div role="status" data-testid="sheet-progress" className="space-y-1">
          <p className="text-sm">
            {sheet.state === "queued"
              ? "Préparation demandée…"
              : `Préparation en cours : ${sheet.doneSlots} créneau(x) sur ${sheet.totalSlots || "…"}`}
          </p>
          <progress
            className="h-2 w-full max-w-md"
            max={Math.max(sheet.totalSlots, 1)}
            value={sheet.doneSlots}
            aria-label="Avancement de la feuille d'émargement"
          />
        </div>
      ) : null}
      {sheet?.state === "failed" ? <p className="text-sm text-destructive">{sheet.error}</p> : null}
      <div className="flex flex-wrap gap-2">
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="prepare-sheet" />
          <input type="hidden" name="sessionId" value={sessionId} />
          <Button type="submit" variant="outline" disabled={busy || fetcher.state !== "idle"}>
            {sheet?.state === "done"
              ? "Préparer à nouveau la feuille signée"
              : "Préparer la feuille d'émargement (PDF)"}
          </Button>
        </fetcher.Form>
        <a href={`${base}/emargement-vierge.pdf`} className={buttonClass("outline")} download>
          Feuille vierge à imprimer (PDF)
        </a>
      </div>
      <p className="text-sm text-muted-foreground">
        La feuille vierge sert dans une salle sans réseau : une page par jour, une case par stagiaire et par
        créneau. Saisissez ensuite les présences avec « Tous présents » sur chaque créneau, puis les
        exceptions.
      </p>
    </section>
  );
}

export default function AdminSessionAttendance({ loaderData }: Route.ComponentProps) {
  const { session, slots, learners } = loaderData.attendance;
  const { sheet } = loaderData;
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
      {canDownload ? <SheetPanel sessionId={session.id} base={base} sheet={sheet} /> : null}
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
                {plural(slot.present, "présent·e", "présent·es")} ·{" "}
                {plural(slot.absent, "absent·e", "absent·es")} ·{" "}
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
