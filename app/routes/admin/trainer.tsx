import { useState } from "react";
import { Link } from "react-router";
import { useCan } from "~/features/accounts";
import { formatDateRange } from "~/features/catalogue";
import { SpaceInvitation } from "~/features/spaces";
import { TRAINER_SPACE_INTENTS, trainerInvitedAt, trainerSpaceIntent } from "~/features/spaces/index.server";
import { trainerSessions } from "~/features/timetable/index.server";
import { TrainerDialog, TrainerDocuments, trainerName } from "~/features/trainers";
import { trainerDocumentAction, trainerRecord } from "~/features/trainers/index.server";
import { loadConsoleRecord } from "~/platform/console/record-loader.server";
import { parisToday } from "~/platform/dates";
import { useLiveRevalidation } from "~/platform/use-live";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { PageHeader } from "~/ui/console/page-header";
import { RecordError } from "~/ui/console/record-error";
import { RecordItem } from "~/ui/console/record-item";
import { type RecordList, RecordScreen } from "~/ui/console/record-screen";
import { Dialog } from "~/ui/dialog";
import type { Route } from "./+types/trainer";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData?.record ? trainerName(loaderData.record.trainer) : "Formateur·rice"} | Console d'administration`,
  },
];

const LIST: RecordList = { to: "/admin/formateurs", label: "Tous les formateurs" };
const NOT_FOUND = "Formateur·rice introuvable";

/** The end of the expiry warning window: a month after today (Paris). */
function monthAfter(today: string): string {
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m, 1));
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(d, last));
  return next.toISOString().slice(0, 10);
}

export async function loader(args: Route.LoaderArgs) {
  const { value, loadError } = await loadConsoleRecord(args, {
    permission: "trainers:read",
    what: "formateurs",
    notFound: NOT_FOUND,
    read: async (db, id) => {
      const record = await trainerRecord(db, id);
      return (
        record && {
          record,
          sessions: await trainerSessions(db, id),
          invitedAt: await trainerInvitedAt(db, id),
        }
      );
    },
  });
  const today = parisToday();
  return {
    record: value?.record ?? null,
    sessions: value?.sessions ?? [],
    invitedAt: value?.invitedAt ?? null,
    today,
    soon: monthAfter(today),
    loadError,
  };
}

// The register's own intents, with the invitation into the trainer's personal space beside them.
export const action = trainerDocumentAction({
  permissions: TRAINER_SPACE_INTENTS,
  handle: trainerSpaceIntent,
});

// A colleague's change shows at once.
const LIVE = ["trainers"] as const;

export default function AdminTrainer({ loaderData }: Route.ComponentProps) {
  const { record, sessions, invitedAt, today, soon, loadError } = loaderData;
  useLoadErrorToast(loadError);
  useLiveRevalidation(LIVE);
  const canWrite = useCan("trainers:write");
  const canInvite = useCan("spaces:invite");
  const [editing, setEditing] = useState(false);
  if (!record) {
    return <RecordScreen list={LIST} failure={loadError ?? "Erreur lors du chargement des formateurs"} />;
  }
  const { trainer } = record;
  return (
    <RecordScreen list={LIST}>
      <PageHeader
        title={trainerName(trainer)}
        description="Formateur·rice : coordonnées, qualification, documents."
        actions={
          <div className="flex items-center gap-2">
            <Badge variant={trainer.active ? "success" : "secondary"} data-testid="trainer-state">
              {trainer.active ? "En activité" : "Inactif·ve"}
            </Badge>
            {canWrite ? (
              <Button variant="outline" onClick={() => setEditing(true)}>
                Modifier
              </Button>
            ) : null}
          </div>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
        <div className="grid content-start gap-6">
          <Card>
            <CardContent>
              <h2 className="mb-3 text-lg font-semibold">Fiche</h2>
              <dl className="grid gap-3">
                <RecordItem label="E-mail">
                  {trainer.email ? (
                    <a className="text-primary hover:underline" href={`mailto:${trainer.email}`}>
                      {trainer.email}
                    </a>
                  ) : (
                    "—"
                  )}
                </RecordItem>
                <RecordItem label="Téléphone">{trainer.phone ?? "—"}</RecordItem>
                <RecordItem label="Compétences">{trainer.skills || "—"}</RecordItem>
                <RecordItem label="Qualification (imprimée sur les conventions et contrats)">
                  {trainer.qualification || "Non renseignée"}
                </RecordItem>
              </dl>
              {canInvite && trainer.active && trainer.email ? (
                <SpaceInvitation
                  id={trainer.id}
                  name={trainerName(trainer)}
                  invitedAt={invitedAt ?? undefined}
                />
              ) : null}
            </CardContent>
          </Card>
          <Card>
            <CardContent>
              <h2 className="mb-3 text-lg font-semibold">Sessions</h2>
              {sessions.length ? (
                <ul className="grid gap-2 text-sm" data-testid="trainer-sessions">
                  {sessions.map((s) => (
                    <li key={s.id}>
                      <Link
                        to={`/admin/formations/${s.formationId}/sessions/${s.id}/planning`}
                        className="font-medium text-primary underline-offset-4 hover:underline"
                      >
                        {s.title}
                      </Link>{" "}
                      – {formatDateRange(s.startDate, s.endDate)} ({s.slots.length}{" "}
                      {s.slots.length > 1 ? "créneaux" : "créneau"})
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted-foreground">Aucun créneau au planning</p>
              )}
            </CardContent>
          </Card>
        </div>
        <Card>
          <CardContent>
            <h2 className="mb-3 text-lg font-semibold">Documents</h2>
            <TrainerDocuments record={record} today={today} soon={soon} canWrite={canWrite} />
          </CardContent>
        </Card>
      </div>
      <Dialog open={editing} onOpenChange={setEditing}>
        {editing ? (
          <TrainerDialog trainer={trainer} onDone={() => setEditing(false)} action="/admin/formateurs" />
        ) : null}
      </Dialog>
    </RecordScreen>
  );
}

export function ErrorBoundary() {
  return (
    <RecordError
      notFoundTitle={NOT_FOUND}
      notFoundText="Cette fiche n'existe pas ou a été supprimée."
      backHref="/admin/formateurs"
      backLabel="Retour aux formateurs"
    />
  );
}
