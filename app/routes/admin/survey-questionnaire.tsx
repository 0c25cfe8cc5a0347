import { Link } from "react-router";
import { useCan } from "~/features/accounts";
import {
  INTRO_MAX,
  QUESTIONNAIRE_FIELD_LABELS,
  QUESTIONNAIRE_KIND_LABELS,
  QuestionForm,
  TITLE_MAX,
} from "~/features/surveys";
import { getQuestionnaire, questionnaireAction } from "~/features/surveys/index.server";
import { loadConsoleRecord } from "~/platform/console/record-loader.server";
import { useLiveRevalidation } from "~/platform/use-live";
import { Card, CardContent } from "~/ui/card";
import { TextAreaField, TextField, useLoadErrorToast } from "~/ui/console/form-fields";
import { IntentForm, useIntentPost } from "~/ui/console/intent-form";
import { PageHeader } from "~/ui/console/page-header";
import { RecordError } from "~/ui/console/record-error";
import { type RecordList, RecordScreen } from "~/ui/console/record-screen";
import type { Route } from "./+types/survey-questionnaire";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.questionnaire?.title ?? "Questionnaire"} | Console d'administration` },
];

const LIST: RecordList = { to: "/admin/enquetes", label: "Toutes les enquêtes" };

const NOT_FOUND = "Questionnaire introuvable";

export async function loader(args: Route.LoaderArgs) {
  const { value, loadError } = await loadConsoleRecord(args, {
    permission: "surveys:read",
    what: "questionnaires",
    notFound: NOT_FOUND,
    read: getQuestionnaire,
  });
  return { ...(value ?? { questionnaire: null, questions: [], invited: 0 }), loadError };
}

export const action = questionnaireAction;

const LIVE = ["survey_invitations"] as const;

function TitleForm({
  id,
  title,
  intro,
  disabled,
}: {
  id: string;
  title: string;
  intro: string;
  disabled: boolean;
}) {
  const post = useIntentPost();
  return (
    <IntentForm
      post={post}
      intent="update"
      id={id}
      idName="questionnaireId"
      label="Titre et introduction"
      submit={{ label: "Enregistrer", variant: "outline", disabled }}
    >
      <TextField
        form="questionnaire"
        name="title"
        label={QUESTIONNAIRE_FIELD_LABELS.title}
        defaultValue={title}
        maxLength={TITLE_MAX}
        errors={post.errors}
        disabled={disabled}
      />
      <TextAreaField
        form="questionnaire"
        name="intro"
        label={QUESTIONNAIRE_FIELD_LABELS.intro}
        hint="Affichée au-dessus des questions."
        defaultValue={intro}
        maxLength={INTRO_MAX}
        rows={3}
        errors={post.errors}
        disabled={disabled}
      />
    </IntentForm>
  );
}

export default function AdminSurveyQuestionnaire({ loaderData }: Route.ComponentProps) {
  const { questionnaire: q, questions, invited, loadError } = loaderData;
  useLoadErrorToast(loadError);
  useLiveRevalidation(LIVE);
  const canWrite = useCan("surveys:write");
  if (!q) {
    return <RecordScreen list={LIST} failure={loadError ?? "Erreur lors du chargement des questionnaires"} />;
  }
  const disabled = !canWrite || !q.editable;
  return (
    <RecordScreen list={LIST}>
      <PageHeader
        title={q.title}
        description={`Questionnaire ${QUESTIONNAIRE_KIND_LABELS[q.kind].toLowerCase()} – envoyé ${invited} fois`}
        actions={
          <Link
            to={`/admin/enquetes/reponses?questionnaire=${q.id}`}
            className="self-center text-sm text-primary underline-offset-4 hover:underline"
          >
            Voir les réponses
          </Link>
        }
      />
      {invited > 0 ? (
        <p className="mb-4 rounded-md bg-muted p-3 text-sm">
          Ce questionnaire a déjà été envoyé : une question modifiée vaut pour les réponses à venir, et
          supprimer une question supprime aussi les réponses déjà données à celle-ci.
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
        <Card className="self-start">
          <CardContent>
            <TitleForm id={q.id} title={q.title} intro={q.intro} disabled={disabled} />
          </CardContent>
        </Card>
        <div className="grid gap-4">
          {questions.map((question, i) => (
            <Card key={`${question.id}-${question.updatedAt.toString()}`}>
              <CardContent>
                <QuestionForm
                  questionnaireId={q.id}
                  question={question}
                  index={i}
                  count={questions.length}
                  disabled={disabled}
                />
              </CardContent>
            </Card>
          ))}
          <Card>
            <CardContent>
              <QuestionForm questionnaireId={q.id} question={null} disabled={disabled} />
            </CardContent>
          </Card>
        </div>
      </div>
    </RecordScreen>
  );
}

export function ErrorBoundary() {
  return <RecordError notFoundTitle={NOT_FOUND} backHref="/admin/enquetes" backLabel="Retour aux enquêtes" />;
}
