import { Download } from "lucide-react";
import { Form } from "react-router";
import { useCan } from "~/features/accounts";
import { requirePermission } from "~/features/accounts/index.server";
import { formatDateRange } from "~/features/catalogue";
import { AnswersAnalysis, answerFiltersFrom, answerQuery, SURVEY_WAVE_LABELS } from "~/features/surveys";
import {
  analyseAnswers,
  answersOf,
  listQuestionnaires,
  sessionsStatus,
} from "~/features/surveys/index.server";
import { loadOr } from "~/platform/console/action.server";
import { formatDateTime } from "~/platform/paris-time";
import { useLiveRevalidation } from "~/platform/use-live";
import { Button, buttonClass } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { BackLink } from "~/ui/console/back-link";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { PageHeader } from "~/ui/console/page-header";
import { Field } from "~/ui/field";
import { Input, Select } from "~/ui/input";
import type { Route } from "./+types/survey-answers";

export const meta: Route.MetaFunction = () => [{ title: "Réponses aux enquêtes | Console d'administration" }];

/**
 * One questionnaire's answers (the first listed unless chosen), for one session or all and a period
 * or all: the analysis per question, then the answers newest first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context;
  await requirePermission({ request, context }, "surveys:read");
  const asked = answerFiltersFrom(new URL(request.url).searchParams);
  const { value, loadError } = await loadOr(
    app,
    "réponses",
    async () => {
      const [questionnaires, sessions] = await Promise.all([
        listQuestionnaires(app.db),
        sessionsStatus(app.db),
      ]);
      const filters = { ...asked, questionnaire: asked.questionnaire ?? questionnaires[0]?.id ?? null };
      const [answers, analysis] = await Promise.all([
        answersOf(app.db, filters),
        analyseAnswers(app.db, filters),
      ]);
      return { questionnaires, sessions, filters, answers, analysis };
    },
    { questionnaires: [], sessions: [], filters: asked, answers: null, analysis: null },
  );
  return { ...value, loadError };
}

const LIVE = ["survey_invitations"] as const;

export default function AdminSurveyAnswers({ loaderData }: Route.ComponentProps) {
  const { questionnaires, sessions, filters, answers, analysis, loadError } = loaderData;
  useLoadErrorToast(loadError);
  useLiveRevalidation(LIVE);
  const canExport = useCan("surveys:export");
  const sessionLabel = new Map(
    sessions.map((s) => [s.id, `${s.title} – ${formatDateRange(s.startDate, s.endDate)}`]),
  );
  const query = answerQuery(filters);
  return (
    <>
      <BackLink to="/admin/enquetes">Toutes les enquêtes</BackLink>
      <PageHeader
        title="Réponses aux enquêtes"
        description={
          answers
            ? `${answers.questionnaire.title} – ${answers.total} réponse${answers.total > 1 ? "s" : ""}`
            : "Choisissez un questionnaire"
        }
        actions={
          canExport && answers ? (
            <div className="flex flex-wrap gap-2">
              <a href={`/admin/enquetes/reponses.csv?${query}`} className={buttonClass("outline")}>
                <Download aria-hidden="true" className="h-4 w-4" /> Exporter les réponses (CSV)
              </a>
              <a href={`/admin/enquetes/analyse.csv?${query}`} className={buttonClass("outline")}>
                <Download aria-hidden="true" className="h-4 w-4" /> Analyse (CSV)
              </a>
              <a href={`/admin/enquetes/analyse.pdf?${query}`} className={buttonClass("outline")}>
                <Download aria-hidden="true" className="h-4 w-4" /> Analyse (PDF)
              </a>
            </div>
          ) : undefined
        }
      />
      <Form
        method="get"
        className="mb-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_10rem_10rem_auto] lg:items-end"
        aria-label="Filtrer les réponses"
      >
        <Field id="answers-questionnaire" label="Questionnaire">
          <Select
            id="answers-questionnaire"
            name="questionnaire"
            defaultValue={filters.questionnaire ?? ""}
            options={questionnaires.map((q) => ({ value: q.id, label: q.title }))}
          />
        </Field>
        <Field id="answers-session" label="Session">
          <Select
            id="answers-session"
            name="session"
            defaultValue={filters.session ?? ""}
            options={[
              { value: "", label: "Toutes les sessions" },
              ...sessions.map((s) => ({ value: s.id, label: sessionLabel.get(s.id) ?? s.title })),
            ]}
          />
        </Field>
        <Field id="answers-from" label="Réponses du">
          <Input id="answers-from" name="from" type="date" defaultValue={filters.from ?? ""} />
        </Field>
        <Field id="answers-to" label="au">
          <Input id="answers-to" name="to" type="date" defaultValue={filters.to ?? ""} />
        </Field>
        <Button type="submit" variant="outline">
          Afficher
        </Button>
      </Form>
      {analysis && analysis.respondents > 0 ? <AnswersAnalysis analysis={analysis} /> : null}
      {answers && answers.responses.length === 0 ? (
        <p className="text-muted-foreground">Aucune réponse pour l'instant.</p>
      ) : null}
      <div className="grid gap-4" data-testid="survey-answers">
        {answers?.responses.map((r) => (
          <Card key={r.id} data-testid="survey-response">
            <CardContent>
              <p className="text-sm text-muted-foreground">
                {r.email ?? "Adresse effacée"} – {SURVEY_WAVE_LABELS[r.wave]}
                {r.sessionId && sessionLabel.get(r.sessionId) ? ` – ${sessionLabel.get(r.sessionId)}` : ""} –
                répondu le {r.answeredAt ? formatDateTime(r.answeredAt) : ""}
              </p>
              <dl className="mt-3 grid gap-2">
                {answers.questions.map((q) => (
                  <div key={q.id}>
                    <dt className="text-sm font-medium">{q.label}</dt>
                    <dd className="whitespace-pre-wrap break-words">
                      {r.answers[q.id] ?? <span className="text-muted-foreground">Sans réponse</span>}
                      {q.type === "rating" && r.answers[q.id] ? " / 5" : ""}
                    </dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
        ))}
      </div>
      {answers && answers.total > answers.responses.length ? (
        <p className="mt-4 text-sm text-muted-foreground">
          Les {answers.responses.length} réponses les plus récentes sont affichées : l'export CSV les contient
          toutes.
        </p>
      ) : null}
    </>
  );
}
