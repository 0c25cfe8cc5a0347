import { Link } from "react-router";
import { can, useCan } from "~/features/accounts";
import { requirePermission } from "~/features/accounts/index.server";
import {
  authorTypeLabel,
  COMPLAINT_FIELD_LABELS,
  COMPLAINT_STATUS_LABELS,
  ComplaintReplyForm,
  ComplaintStatusForm,
  CorrectiveActionForm,
  categoryLabel,
  EraseComplaintData,
  handlingDelay,
} from "~/features/complaints";
import { complaintAction, getComplaint } from "~/features/complaints/index.server";
import { ProposeImprovement } from "~/features/quality";
import { complaintImprovements } from "~/features/quality/index.server";
import { mailKindLabel } from "~/features/statistics";
import { loadConsoleRecord } from "~/platform/console/record-loader.server";
import { formatDateTime } from "~/platform/paris-time";
import { readOrNull } from "~/platform/safe-read.server";
import { useLiveRevalidation } from "~/platform/use-live";
import { Badge } from "~/ui/badge";
import { Card, CardContent } from "~/ui/card";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { PageHeader } from "~/ui/console/page-header";
import { RecordError } from "~/ui/console/record-error";
import { RecordItem } from "~/ui/console/record-item";
import { type RecordList, RecordScreen } from "~/ui/console/record-screen";
import type { Route } from "./+types/complaint";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData?.complaint ? `Réclamation ${loaderData.complaint.reference}` : "Réclamation"} | Console d'administration`,
  },
];

const LIST: RecordList = { to: "/admin/reclamations", label: "Toutes les réclamations" };

const NOT_FOUND = "Réclamation introuvable";

export async function loader(args: Route.LoaderArgs) {
  const { value, loadError } = await loadConsoleRecord(args, {
    permission: "complaints:read",
    what: "réclamations",
    notFound: NOT_FOUND,
    read: getComplaint,
  });
  // The improvement actions answering it (Qualiopi indicator 32), for whoever reads the Qualiopi board.
  const { role } = await requirePermission(args, "complaints:read");
  const improvements =
    value?.complaint && can(role, "quality:read")
      ? await readOrNull(args.context.app.logger, "complaint improvements", () =>
          complaintImprovements(args.context.app.db, value.complaint.id),
        )
      : null;
  return { ...(value ?? { complaint: null, events: [], mails: [] }), improvements, loadError };
}

export const action = complaintAction;

// A colleague's change shows at once.
const LIVE = ["complaints"] as const;

const MAIL_STATE = (m: { sentAt: Date | string | null; lastError: string | null }) =>
  m.sentAt
    ? `envoyé le ${formatDateTime(m.sentAt)}`
    : m.lastError
      ? "en échec, nouvel essai automatique"
      : "en attente d'envoi";

function eventText(e: { kind: string; fromStatus: string | null; toStatus: string | null }) {
  if (e.kind === "status") {
    const label = (s: string | null) =>
      s ? COMPLAINT_STATUS_LABELS[s as keyof typeof COMPLAINT_STATUS_LABELS] : "";
    return `Statut : ${label(e.fromStatus)} → ${label(e.toStatus)}`;
  }
  return e.kind === "reply" ? "Réponse envoyée à l'auteur" : "Action corrective";
}

export default function AdminComplaint({ loaderData }: Route.ComponentProps) {
  const { complaint: c, events, mails, improvements, loadError } = loaderData;
  useLoadErrorToast(loadError);
  useLiveRevalidation(LIVE);
  const canWrite = useCan("complaints:write");
  const canPropose = useCan("quality:write");
  if (!c) {
    return <RecordScreen list={LIST} failure={loadError ?? "Erreur lors du chargement des réclamations"} />;
  }
  return (
    <RecordScreen list={LIST}>
      <PageHeader
        title={`Réclamation ${c.reference}`}
        description={`${categoryLabel(c.category)} – reçue le ${formatDateTime(c.createdAt)}`}
        actions={
          <Badge variant="secondary" className="self-center" data-testid="complaint-status">
            {COMPLAINT_STATUS_LABELS[c.status]}
          </Badge>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardContent>
            <h2 className="mb-3 text-lg font-semibold">La réclamation</h2>
            <dl className="grid gap-3">
              {c.erasedAt ? (
                <RecordItem label={COMPLAINT_FIELD_LABELS.authorType}>
                  <span data-testid="complaint-erased">
                    Données personnelles effacées le {formatDateTime(c.erasedAt)} (
                    {authorTypeLabel(c.authorType)})
                  </span>
                </RecordItem>
              ) : (
                <>
                  <RecordItem label={COMPLAINT_FIELD_LABELS.authorType}>
                    {c.firstName} {c.lastName} ({authorTypeLabel(c.authorType)})
                  </RecordItem>
                  {c.organisation ? (
                    <RecordItem label={COMPLAINT_FIELD_LABELS.organisation}>{c.organisation}</RecordItem>
                  ) : null}
                  <RecordItem label={COMPLAINT_FIELD_LABELS.email}>
                    <a className="text-primary hover:underline" href={`mailto:${c.email}`}>
                      {c.email}
                    </a>
                  </RecordItem>
                  {c.phone ? <RecordItem label={COMPLAINT_FIELD_LABELS.phone}>{c.phone}</RecordItem> : null}
                </>
              )}
              <RecordItem label={COMPLAINT_FIELD_LABELS.category}>{categoryLabel(c.category)}</RecordItem>
              <RecordItem label={COMPLAINT_FIELD_LABELS.sessionLabel}>
                {c.sessionLabel ?? "Non précisée"}
              </RecordItem>
              {c.learnerId && c.sessionId ? (
                <RecordItem label="Origine">
                  Écrite par le ou la stagiaire depuis son espace personnel (
                  <Link
                    className="text-primary hover:underline"
                    to={`/admin/stagiaires?session=${c.sessionId}`}
                  >
                    stagiaires de la session
                  </Link>
                  )
                </RecordItem>
              ) : null}
              {c.description ? (
                <RecordItem label={COMPLAINT_FIELD_LABELS.description}>{c.description}</RecordItem>
              ) : null}
            </dl>
            {c.erasedAt ? null : (
              <div className="mt-4">
                <EraseComplaintData id={c.id} />
              </div>
            )}
          </CardContent>
        </Card>
        <div className="grid content-start gap-6">
          <Card>
            <CardContent>
              <h2 className="mb-3 text-lg font-semibold">Traitement</h2>
              <dl className="mb-4 grid gap-2 text-sm" data-testid="complaint-dates">
                <RecordItem label={COMPLAINT_FIELD_LABELS.createdAt}>
                  {formatDateTime(c.createdAt)}
                </RecordItem>
                <RecordItem label={COMPLAINT_FIELD_LABELS.handledAt}>
                  {c.handledAt ? formatDateTime(c.handledAt) : "Pas encore"}
                </RecordItem>
                {c.closedAt ? (
                  <RecordItem label={COMPLAINT_FIELD_LABELS.closedAt}>
                    {formatDateTime(c.closedAt)}
                  </RecordItem>
                ) : null}
                <RecordItem label={COMPLAINT_FIELD_LABELS.handlingDelay}>
                  {handlingDelay(c.createdAt, c.handledAt)}
                </RecordItem>
              </dl>
              <ComplaintStatusForm id={c.id} status={c.status} disabled={!canWrite} />
            </CardContent>
          </Card>
          <Card>
            <CardContent className="grid gap-6">
              <CorrectiveActionForm id={c.id} value={c.correctiveAction} disabled={!canWrite} />
              {c.erasedAt ? null : (
                <ComplaintReplyForm id={c.id} reference={c.reference} disabled={!canWrite} />
              )}
              {improvements ? (
                <ProposeImprovement complaintId={c.id} actions={improvements} canPropose={canPropose} />
              ) : null}
            </CardContent>
          </Card>
          <Card>
            <CardContent>
              <h2 className="mb-3 text-lg font-semibold">Historique</h2>
              {events.length ? (
                <ol className="grid gap-3" data-testid="complaint-history">
                  {events.map((e) => (
                    <li key={e.id} className="rounded-md bg-muted p-3">
                      <p className="text-xs text-muted-foreground">
                        {e.actorEmail ?? "Un compte supprimé"} – {formatDateTime(e.createdAt)}
                      </p>
                      <p className="font-medium">{eventText(e)}</p>
                      {e.body ? <p className="whitespace-pre-wrap break-words">{e.body}</p> : null}
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="text-muted-foreground">Aucun traitement pour l'instant</p>
              )}
              <h3 className="mt-6 mb-2 font-semibold">E-mails</h3>
              <ul className="grid gap-1 text-sm" data-testid="complaint-mails">
                {mails.map((m) => (
                  <li key={m.id}>
                    {mailKindLabel(m.kind)} à {m.to} – {MAIL_STATE(m)}
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>
      </div>
    </RecordScreen>
  );
}

export function ErrorBoundary() {
  return (
    <RecordError
      notFoundTitle={NOT_FOUND}
      notFoundText="Cette réclamation n'existe pas ou a été effacée."
      backHref="/admin/reclamations"
      backLabel="Retour aux réclamations"
    />
  );
}
