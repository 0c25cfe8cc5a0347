import { Download, Eye, Pencil } from "lucide-react";
import { Link } from "react-router";
import { useCan } from "~/features/accounts";
import { requirePermission } from "~/features/accounts/index.server";
import { formatDateRange } from "~/features/catalogue";
import {
  automaticAudiences,
  countText,
  NewQuestionnaireForm,
  QUESTIONNAIRE_KIND_LABELS,
  ResponseCounts,
  SendSurveyForm,
  SURVEY_AUDIENCE_LABELS,
  SURVEY_AUDIENCES,
  type SurveyWave,
} from "~/features/surveys";
import {
  formationResponseCounts,
  getSurveySettings,
  listQuestionnaires,
  type SessionStatusRow,
  sessionsStatus,
  surveysAction,
} from "~/features/surveys/index.server";
import { loadOr } from "~/platform/console/action.server";
import { formatDate } from "~/platform/dates";
import { useLiveRevalidation } from "~/platform/use-live";
import { Badge } from "~/ui/badge";
import { buttonClass } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { ActionsCell, ListTable, shownFrom } from "~/ui/console/list-table";
import { PageHeader } from "~/ui/console/page-header";
import { Td, Tr } from "~/ui/table";
import type { Route } from "./+types/surveys";

export const meta: Route.MetaFunction = () => [{ title: "Enquêtes | Console d'administration" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context;
  await requirePermission({ request, context }, "surveys:read");
  const { value, loadError } = await loadOr(
    app,
    "enquêtes",
    async () => {
      // The formations' response rates over the last twelve months (invitations sent since then).
      const from = new Date(Date.now() - RATES_DAYS * 86_400_000);
      const [questionnaires, sessions, formations, settings] = await Promise.all([
        listQuestionnaires(app.db),
        sessionsStatus(app.db),
        formationResponseCounts(app.db, { from }),
        getSurveySettings(app.db),
      ]);
      // The publics Paramètres turned off: their questionnaires leave by hand only.
      const on = automaticAudiences(settings);
      const paused = SURVEY_AUDIENCES.filter((a) => !on.includes(a));
      return { questionnaires, sessions, formations, paused };
    },
    { questionnaires: [], sessions: [], formations: [], paused: [] },
  );
  return { ...value, loadError };
}

export const action = surveysAction;

/** The period of the rates per formation: the invitations sent in the last 365 days. */
const RATES_DAYS = 365;

// A colleague's sending, an answer arriving, the scheduler's round: the counts follow.
const LIVE = ["survey_invitations"] as const;

const today = () => new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Paris" });

/** 'Envoyé à 12 · 9 réponses · 3 rappels', or when the automatic wave will leave. */
function waveText(row: SessionStatusRow, wave: SurveyWave): string {
  const w = row.waves?.[wave];
  if (w) {
    const answers = `${w.answered} réponse${w.answered > 1 ? "s" : ""}`;
    const reminders = w.reminded ? ` · ${w.reminded} rappel${w.reminded > 1 ? "s" : ""}` : "";
    return `Envoyé à ${w.invited} · ${answers}${reminders}`;
  }
  if (wave === "manuel") return "—";
  const day = wave === "a_chaud" ? row.endDate : row.coldDate;
  return day >= today() ? `Prévu le ${formatDate(day)}` : "Non envoyé";
}

export default function AdminSurveys({ loaderData }: Route.ComponentProps) {
  const { questionnaires, sessions, formations, paused, loadError } = loaderData;
  useLoadErrorToast(loadError);
  useLiveRevalidation(LIVE);
  const canWrite = useCan("surveys:write");
  const canSend = useCan("surveys:send");
  const canExport = useCan("surveys:export");
  return (
    <>
      <PageHeader
        title="Enquêtes"
        description="Les questionnaires de satisfaction à chaud et à froid des stagiaires, employeurs, formateurs et financeurs, leurs envois et les réponses"
      />
      <div className="grid gap-6 xl:grid-cols-[3fr_2fr]">
        <Card>
          <CardContent className="grid gap-4">
            <h2 className="text-lg font-semibold">Questionnaires</h2>
            {paused.length > 0 ? (
              <p className="text-sm text-muted-foreground" data-testid="surveys-paused">
                Envoi automatique désactivé pour{" "}
                {paused.map((a) => SURVEY_AUDIENCE_LABELS[a].toLowerCase()).join(", ")} (Paramètres, Enquêtes
                de satisfaction)&nbsp;: leurs questionnaires ne partent qu'avec «&nbsp;Envoyer
                maintenant&nbsp;».
              </p>
            ) : null}
            <ListTable
              columns={[
                "Questionnaire",
                { label: "Type", from: "sm" },
                { label: "Public", from: "sm" },
                { label: "Questions", from: "md" },
                "Réponses",
              ]}
              actions
              items={questionnaires}
              empty="Aucun questionnaire"
              loadError={loadError}
            >
              {(q) => (
                <Tr key={q.id}>
                  <Td>
                    <Link
                      to={`/admin/enquetes/${q.id}`}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {q.title}
                    </Link>
                  </Td>
                  <Td className={shownFrom("sm")}>
                    <Badge variant="secondary">{QUESTIONNAIRE_KIND_LABELS[q.kind]}</Badge>
                  </Td>
                  <Td className={shownFrom("sm")}>{SURVEY_AUDIENCE_LABELS[q.audience]}</Td>
                  <Td className={shownFrom("md")}>{q.questions}</Td>
                  <Td className="whitespace-nowrap">
                    {q.answered} sur {q.invited}
                  </Td>
                  <ActionsCell>
                    <Link
                      to={`/admin/enquetes/${q.id}`}
                      className={buttonClass("ghost", "icon")}
                      aria-label={`Modifier le questionnaire ${q.title}`}
                    >
                      <Pencil aria-hidden="true" className="h-4 w-4" />
                    </Link>
                    <Link
                      to={`/admin/enquetes/reponses?questionnaire=${q.id}`}
                      className={buttonClass("ghost", "icon")}
                      aria-label={`Voir les réponses au questionnaire ${q.title}`}
                    >
                      <Eye aria-hidden="true" className="h-4 w-4" />
                    </Link>
                    {canExport ? (
                      <a
                        href={`/admin/enquetes/reponses.csv?questionnaire=${q.id}`}
                        className={buttonClass("ghost", "icon")}
                        aria-label={`Exporter les réponses au questionnaire ${q.title} (CSV)`}
                      >
                        <Download aria-hidden="true" className="h-4 w-4" />
                      </a>
                    ) : null}
                  </ActionsCell>
                </Tr>
              )}
            </ListTable>
            <NewQuestionnaireForm disabled={!canWrite} />
          </CardContent>
        </Card>
        <Card>
          <CardContent className="grid gap-4">
            <h2 className="text-lg font-semibold">Envoyer maintenant</h2>
            <SendSurveyForm
              questionnaires={questionnaires}
              sessions={sessions.map((s) => ({
                id: s.id,
                label: `${s.title} – ${formatDateRange(s.startDate, s.endDate)}`,
              }))}
              disabled={!canSend}
            />
          </CardContent>
        </Card>
      </div>
      <h2 className="mt-8 mb-1 text-lg font-semibold">Envois par session</h2>
      <p className="mb-4 text-sm text-muted-foreground">
        Le questionnaire à chaud part le dernier jour de la session, à froid après le délai choisi dans
        Paramètres, vers chaque stagiaire sauf les abandons, avec un rappel à qui n'a pas répondu. Les
        employeurs et financeurs des stagiaires et les formateur·rices des créneaux reçoivent le leur le même
        jour, s'il existe un questionnaire à chaud pour leur public.
      </p>
      <ListTable
        columns={[
          "Session",
          { label: "Stagiaires", from: "sm" },
          "À chaud",
          { label: "À froid", from: "md" },
          { label: "Envois manuels", from: "lg" },
          "Taux de réponse",
        ]}
        items={sessions}
        empty="Aucune session récente"
        loadError={loadError}
      >
        {(s) => (
          <Tr key={s.id} data-testid="survey-session">
            <Td>
              <p className="font-medium">{s.title}</p>
              <p className="text-xs text-muted-foreground">{formatDateRange(s.startDate, s.endDate)}</p>
            </Td>
            <Td className={shownFrom("sm")}>{s.learners}</Td>
            <Td>
              {s.waves?.a_chaud ? (
                <Link
                  className="text-primary underline-offset-4 hover:underline"
                  to={`/admin/enquetes/reponses?session=${s.id}`}
                >
                  {waveText(s, "a_chaud")}
                </Link>
              ) : (
                waveText(s, "a_chaud")
              )}
            </Td>
            <Td className={shownFrom("md")}>{waveText(s, "a_froid")}</Td>
            <Td className={shownFrom("lg")}>{waveText(s, "manuel")}</Td>
            <Td>
              <ResponseCounts counts={s.audiences} />
            </Td>
          </Tr>
        )}
      </ListTable>
      <h2 className="mt-8 mb-1 text-lg font-semibold">Taux de réponse par formation</h2>
      <p className="mb-4 text-sm text-muted-foreground">
        Réponses sur invitations envoyées ces douze derniers mois, par public.
      </p>
      <ListTable
        columns={["Formation", ...SURVEY_AUDIENCES.map((a) => SURVEY_AUDIENCE_LABELS[a])]}
        items={formations}
        empty="Aucune invitation ces douze derniers mois"
        loadError={loadError}
      >
        {(f) => (
          <Tr key={f.formationId} data-testid="survey-formation-rates">
            <Td className="font-medium">{f.title}</Td>
            {SURVEY_AUDIENCES.map((a) => (
              <Td key={a} className="whitespace-nowrap">
                {countText(f.counts[a])}
              </Td>
            ))}
          </Tr>
        )}
      </ListTable>
    </>
  );
}
