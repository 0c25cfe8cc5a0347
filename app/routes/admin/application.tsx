import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { useCan } from "~/features/accounts";
import {
  APPLICATION_FIELD_LABELS,
  APPLICATION_FILES,
  APPLICATION_STATUS_LABELS,
  ApplicationNotes,
  ApplicationStatusForm,
  EraseApplication,
  financingLabel,
  SeatOffer,
  SeatOfferedBadge,
  situationLabel,
} from "~/features/applications";
import { applicationAction, getApplication } from "~/features/applications/index.server";
import { formatDateRange, seatsLeft } from "~/features/catalogue";
import { loadConsoleRecord } from "~/platform/console/record-loader.server";
import { ofName } from "~/platform/french";
import { formatDateTime, formatFullDateTime } from "~/platform/paris-time";
import { useLiveRevalidation } from "~/platform/use-live";
import { Badge } from "~/ui/badge";
import { Card, CardContent } from "~/ui/card";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { PageHeader } from "~/ui/console/page-header";
import { RecordError } from "~/ui/console/record-error";
import { type RecordList, RecordScreen } from "~/ui/console/record-screen";
import type { Route } from "./+types/application";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData?.application ? `Candidature ${ofName(`${loaderData.application.firstName} ${loaderData.application.lastName}`)}` : "Candidature"} | Console d'administration`,
  },
];

const LIST: RecordList = { to: "/admin/candidatures", label: "Toutes les candidatures" };

const NOT_FOUND = "Candidature introuvable";

export async function loader(args: Route.LoaderArgs) {
  const { value, loadError } = await loadConsoleRecord(args, {
    permission: "applications:read",
    what: "candidatures",
    notFound: NOT_FOUND,
    read: getApplication,
  });
  return {
    ...(value ?? {
      application: null,
      session: null,
      formationTitle: "",
      seatsTaken: 0,
      files: [],
      events: [],
    }),
    loadError,
  };
}

export const action = applicationAction;

// A colleague's change (status, note, an admission elsewhere on the session) shows at once.
const LIVE = ["applications"] as const;

const kb = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 0 });
const fileLabel = (kind: string) => APPLICATION_FILES.find((f) => f.field === kind)?.label ?? kind;

function Answer({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="whitespace-pre-wrap break-words">{children}</dd>
    </div>
  );
}

export default function AdminApplication({ loaderData }: Route.ComponentProps) {
  const { application: a, session, formationTitle, seatsTaken, files, events, loadError } = loaderData;
  useLoadErrorToast(loadError);
  useLiveRevalidation(LIVE);
  const canWrite = useCan("applications:write");
  const notes = events.filter((e) => e.kind === "note");
  const history = events.filter((e) => e.kind !== "note");
  if (!a || !session) {
    return <RecordScreen list={LIST} failure={loadError ?? "Erreur lors du chargement des candidatures"} />;
  }
  const mailContext = {
    firstName: a.firstName,
    formationTitle,
    sessionDates: formatDateRange(session.startDate, session.endDate),
  };
  return (
    <RecordScreen list={LIST}>
      <PageHeader
        title={`Candidature ${ofName(`${a.firstName} ${a.lastName}`)}`}
        description={`${formationTitle} – session ${formatDateRange(session.startDate, session.endDate)}`}
        actions={
          <>
            <Badge variant="secondary" className="self-center" data-testid="application-status">
              {APPLICATION_STATUS_LABELS[a.status]}
            </Badge>
            {a.seatOfferedAt ? <SeatOfferedBadge /> : null}
            <EraseApplication id={a.id} />
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardContent>
            <h2 className="mb-3 text-lg font-semibold">Réponses</h2>
            <dl className="grid gap-3">
              <Answer label={APPLICATION_FIELD_LABELS.email}>
                <a className="text-primary hover:underline" href={`mailto:${a.email}`}>
                  {a.email}
                </a>
              </Answer>
              <Answer label={APPLICATION_FIELD_LABELS.phone}>
                <a className="text-primary hover:underline" href={`tel:${a.phone.replace(/\s/g, "")}`}>
                  {a.phone}
                </a>
              </Answer>
              <Answer label={APPLICATION_FIELD_LABELS.situation}>{situationLabel(a.situation)}</Answer>
              <Answer label={APPLICATION_FIELD_LABELS.financing}>{financingLabel(a.financing)}</Answer>
              <Answer label={APPLICATION_FIELD_LABELS.lastDiploma}>{a.lastDiploma || "Non renseigné"}</Answer>
              <Answer label={APPLICATION_FIELD_LABELS.motivation}>{a.motivation || "Non renseignées"}</Answer>
              <Answer label={APPLICATION_FIELD_LABELS.accommodation}>{a.accommodation || "Aucun"}</Answer>
              <Answer label={APPLICATION_FIELD_LABELS.createdAt}>{formatDateTime(a.createdAt)}</Answer>
              <Answer label={APPLICATION_FIELD_LABELS.consentAt}>{formatDateTime(a.consentAt)}</Answer>
            </dl>
          </CardContent>
        </Card>
        <div className="grid content-start gap-6">
          {a.seatOfferedAt ? (
            <SeatOffer id={a.id} offeredAt={a.seatOfferedAt} mail={mailContext} disabled={!canWrite} />
          ) : null}
          <Card>
            <CardContent>
              <h2 className="mb-3 text-lg font-semibold">Traitement</h2>
              <dl className="mb-4 grid gap-2 text-sm">
                <div>
                  <dt className="inline text-muted-foreground">Places restantes sur la session : </dt>
                  <dd className="inline" data-testid="seats-left">
                    {seatsLeft({ seats: session.seats, taken: seatsTaken })} sur {session.seats}
                  </dd>
                </div>
                {a.interviewAt ? (
                  <div>
                    <dt className="inline text-muted-foreground">Entretien : </dt>
                    <dd className="inline">
                      {formatFullDateTime(a.interviewAt)} – {a.interviewPlace}
                    </dd>
                  </div>
                ) : null}
              </dl>
              <ApplicationStatusForm
                id={a.id}
                status={a.status}
                interviewAt={a.interviewAt}
                interviewPlace={a.interviewPlace}
                mail={mailContext}
                disabled={!canWrite}
              />
            </CardContent>
          </Card>
          <Card>
            <CardContent>
              <h2 className="mb-3 text-lg font-semibold">Notes internes</h2>
              <ApplicationNotes id={a.id} notes={notes} canWrite={canWrite} />
            </CardContent>
          </Card>
          <Card>
            <CardContent>
              <h2 className="mb-3 text-lg font-semibold">Pièces jointes</h2>
              {files.length ? (
                <ul className="grid gap-2">
                  {files.map((f) => (
                    <li key={f.id}>
                      <a
                        href={`/admin/candidatures/${a.id}/fichiers/${f.id}`}
                        download
                        className="inline-flex items-center gap-2 text-primary hover:underline"
                      >
                        <Download aria-hidden="true" className="h-4 w-4" />
                        {fileLabel(f.kind)}
                        {"\u202f"}: {f.fileName}
                      </a>{" "}
                      <span className="text-xs text-muted-foreground">
                        ({kb.format(Math.ceil(f.size / 1024))} Ko)
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-muted-foreground">Aucune pièce jointe</p>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardContent>
              <h2 className="mb-3 text-lg font-semibold">Historique</h2>
              <ol className="grid gap-3" data-testid="history">
                {history.map((e) => (
                  <li key={e.id} className="border-l-2 border-border pl-3">
                    <p className="text-xs text-muted-foreground">
                      {formatDateTime(e.createdAt)}
                      {e.actorEmail ? ` – ${e.actorEmail}` : ""}
                    </p>
                    {e.fromStatus && e.toStatus ? (
                      <p>
                        {APPLICATION_STATUS_LABELS[e.fromStatus]} → {APPLICATION_STATUS_LABELS[e.toStatus]}
                      </p>
                    ) : null}
                    {e.body ? <p className="whitespace-pre-wrap break-words">{e.body}</p> : null}
                  </li>
                ))}
              </ol>
            </CardContent>
          </Card>
        </div>
      </div>
    </RecordScreen>
  );
}

/** An unknown application: a 404 inside the console's shell, the way back at hand. */
export function ErrorBoundary() {
  return (
    <RecordError
      notFoundTitle={NOT_FOUND}
      notFoundText="Cette candidature n'existe pas ou a été effacée."
      backHref="/admin/candidatures"
      backLabel="Retour aux candidatures"
    />
  );
}
