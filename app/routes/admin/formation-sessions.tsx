import { Download } from "lucide-react";
import { data, Link } from "react-router";
import { requirePermission } from "~/features/accounts/index.server";
import {
  formatDateRange,
  formatDay,
  LheoStatus,
  SESSION_STATUS_LABELS,
  SessionDialog,
  type SessionStatus,
  sessionModeLabel,
} from "~/features/catalogue";
import { type AdminSession, formationWithSessions, sessionAction } from "~/features/catalogue/index.server";
import { hoursText } from "~/features/timetable";
import { timetableMinutes } from "~/features/timetable/index.server";
import { loadOr } from "~/platform/console/action.server";
import { entityId } from "~/platform/form-schema";
import { Badge, type BadgeVariant } from "~/ui/badge";
import { buttonClass } from "~/ui/button";
import { BackLink } from "~/ui/console/back-link";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { EditDeleteCell, ListTable, shownFrom } from "~/ui/console/list-table";
import { AddButton, PageHeader } from "~/ui/console/page-header";
import { useConfirmDelete } from "~/ui/console/use-confirm-delete";
import { useEditDialog } from "~/ui/console/use-edit-dialog";
import { Td, Tr } from "~/ui/table";
import type { Route } from "./+types/formation-sessions";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `Sessions${loaderData?.formation ? ` – ${loaderData.formation.title}` : ""} | Console d'administration`,
  },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app } = context;
  await requirePermission({ request, context }, "console:access");
  const id = entityId.safeParse(params.id);
  if (!id.success) throw data("Formation introuvable", { status: 404 });
  const { value, loadError } = await loadOr(
    app,
    "sessions",
    async () => {
      const found = await formationWithSessions(app.db, id.data);
      if (!found) return null;
      // Each session's hours, from its timetable's slots.
      const minutes = await timetableMinutes(
        app.db,
        found.sessions.map((s) => s.id),
      );
      return { ...found, sessions: found.sessions.map((s) => ({ ...s, hours: minutes.get(s.id) ?? 0 })) };
    },
    null,
  );
  if (!value && !loadError) throw data("Formation introuvable", { status: 404 });
  return { formation: value?.formation ?? null, sessions: value?.sessions ?? [], loadError };
}

export const action = sessionAction;

const STATUS_VARIANT: Record<SessionStatus, BadgeVariant> = {
  open: "success",
  last_seats: "default",
  full: "secondary",
  closed: "outline",
};

export default function AdminFormationSessions({ loaderData }: Route.ComponentProps) {
  const { formation, sessions, loadError } = loaderData;
  useLoadErrorToast(loadError);
  const editor = useEditDialog<AdminSession>();
  const remove = useConfirmDelete({
    question: "Êtes-vous sûr de vouloir supprimer cette session ?",
    description:
      "Une session qui a reçu des candidatures ou qui compte des stagiaires ne peut pas être supprimée : clôturez-la plutôt.",
  });
  if (!formation) return null;
  return (
    <>
      <BackLink to="/admin/formations" className="mb-4">
        Formations
      </BackLink>
      <PageHeader
        title={`Sessions (${sessions.length})`}
        description={formation.title}
        actions={
          <>
            {formation.active && formation.lheoMissing.length === 0 ? (
              <a href={`/formation/${formation.slug}/lheo.xml`} download className={buttonClass("outline")}>
                <Download aria-hidden="true" className="h-4 w-4" /> Télécharger l'offre Lhéo
              </a>
            ) : null}
            <AddButton label="Ajouter une session" onClick={editor.create} />
          </>
        }
      />
      <div className="mb-4 space-y-1">
        <LheoStatus missing={formation.lheoMissing} className="text-sm" />
        {formation.active ? null : (
          <p className="text-sm text-muted-foreground">
            Formation inactive : elle n'est ni sur le site ni dans l'export Lhéo.
          </p>
        )}
      </div>
      <ListTable
        // Where and how is the session dialog's: left out of a list narrower than 768 px (a 1024 px
        // laptop with the sidebar open), so that the planning column stays in view.
        columns={[
          "Dates",
          { label: "Modalité et lieu", from: "md" },
          "Places",
          "Candidatures",
          "Stagiaires",
          "Statut",
          "Planning",
        ]}
        actions
        items={sessions}
        empty="Aucune session pour cette formation"
      >
        {(s) => {
          const dates = formatDateRange(s.startDate, s.endDate);
          return (
            <Tr key={s.id}>
              <Td>
                <p className="font-medium first-letter:uppercase">{dates}</p>
                <p className="text-xs text-muted-foreground">
                  Candidatures jusqu'au {formatDay(s.applicationDeadline ?? s.startDate)}
                </p>
              </Td>
              <Td className={shownFrom("md")}>
                <p>{sessionModeLabel(s.mode)}</p>
                <p className="text-xs text-muted-foreground">{s.place}</p>
                {s.rhythm ? <p className="text-xs text-muted-foreground">{s.rhythm}</p> : null}
              </Td>
              <Td data-testid="session-taken">
                {s.taken} / {s.seats}
              </Td>
              <Td>
                <Link
                  to={`/admin/candidatures?session=${s.id}`}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  {s.applications}
                </Link>
              </Td>
              <Td>
                <Link
                  to={`/admin/stagiaires?session=${s.id}`}
                  className="text-primary underline-offset-4 hover:underline"
                  aria-label={`Stagiaires de la session ${dates} : ${s.learners}`}
                >
                  {s.learners}
                </Link>
              </Td>
              <Td>
                <Badge variant={STATUS_VARIANT[s.status]}>{SESSION_STATUS_LABELS[s.status]}</Badge>
              </Td>
              <Td>
                <Link
                  to={`/admin/formations/${formation.id}/sessions/${s.id}/planning`}
                  className="whitespace-nowrap text-primary underline-offset-4 hover:underline"
                  aria-label={`Planning de la session ${dates} : ${s.hours ? hoursText(s.hours) : "à saisir"}`}
                >
                  {s.hours ? hoursText(s.hours) : "À saisir"}
                </Link>
              </Td>
              <EditDeleteCell
                subject={`la session ${dates}`}
                onEdit={() => editor.edit(s)}
                onDelete={() => remove.ask(s.id)}
              />
            </Tr>
          );
        }}
      </ListTable>
      {editor.render((session) => (
        <SessionDialog formationId={formation.id} session={session} onDone={editor.close} />
      ))}
      {remove.dialog}
    </>
  );
}
