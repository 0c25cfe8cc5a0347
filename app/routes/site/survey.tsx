import { CheckCircle2 } from "lucide-react";
import { data } from "react-router";
import { SurveyForm } from "~/features/surveys";
import { openSurveyLink, submitSurveyAnswers } from "~/features/surveys/index.server";
import { readFormData } from "~/platform/http/body.server";
import { formatDateTime } from "~/platform/paris-time";
import { pageTitle } from "~/platform/seo";
import type { Route } from "./+types/survey";

// A personal link, never indexed. Never kept either: the page cache skips /enquete/, and the server's
// security headers send `Cache-Control: no-store` for it (boot/security-headers.server.ts).
const PRIVATE = { "X-Robots-Tag": "noindex" };

export const headers: Route.HeadersFunction = () => PRIVATE;

type Gone = { state: "unknown" } | { state: "closed"; closesAt: Date | null };

/** An unknown, forged or expired link: a French page, 404 or 410, never an error. */
const gone = (state: Gone) =>
  data({ link: state }, { status: state.state === "unknown" ? 404 : 410, headers: PRIVATE });

export async function loader({ params, context }: Route.LoaderArgs) {
  const link = await openSurveyLink(context.app.db, params.token);
  if (link.state !== "open") return gone(link);
  return data({ link }, { headers: PRIVATE });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { app } = context;
  const form = await readFormData(request);
  if (typeof form === "string") {
    return data(
      {
        saved: false as const,
        errors: { form: "Vos réponses sont trop longues : raccourcissez-les." },
        values: {},
      },
      { status: form === "too-large" ? 413 : 400, headers: PRIVATE },
    );
  }
  const outcome = await submitSurveyAnswers(app.db, params.token, form);
  if (outcome.state === "unknown" || outcome.state === "closed") {
    return data(
      { saved: false as const, gone: outcome.state, errors: {}, values: {} },
      {
        status: outcome.state === "unknown" ? 404 : 410,
        headers: PRIVATE,
      },
    );
  }
  if (outcome.state === "invalid") {
    return data(
      { saved: false as const, errors: outcome.errors, values: outcome.values },
      { status: 400, headers: PRIVATE },
    );
  }
  app.logger.info({ replaced: outcome.replaced }, "surveys: answers stored");
  await app.events.publish({ table: "survey_invitations", op: "update" });
  // The course page's published figures come from the answers (features/indicators): the event its
  // open copies follow (the public layout's 'formations') also empties the page cache's copy.
  await app.events.publish({ table: "formations", op: "update" });
  return data({ saved: true as const, replaced: outcome.replaced }, { headers: PRIVATE });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageTitle(
    matches,
    loaderData?.link.state === "open"
      ? `Questionnaire ${loaderData.link.title}`
      : "Questionnaire indisponible",
  ),
  { name: "robots", content: "noindex" },
];

function Unavailable({ closed }: { closed: boolean }) {
  return (
    <main id="contenu" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">
        {closed ? "Ce questionnaire est clos" : "Questionnaire introuvable"}
      </h1>
      <p className="text-muted-foreground">
        {closed
          ? "La période de réponse est terminée : ce lien ne permet plus de répondre ni de modifier vos réponses. Merci de l'intérêt que vous portez à nos formations."
          : "Ce lien ne correspond à aucun questionnaire. Vérifiez qu'il est complet, tel que reçu dans l'e-mail : il est personnel."}
      </p>
    </main>
  );
}

export default function SurveyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { link } = loaderData;
  if (actionData && "gone" in actionData && actionData.gone)
    return <Unavailable closed={actionData.gone === "closed"} />;
  if (link.state !== "open") return <Unavailable closed={link.state === "closed"} />;
  const saved = actionData?.saved === true;
  const errors = actionData && !actionData.saved ? actionData.errors : undefined;
  const values =
    actionData && !actionData.saved && Object.keys(actionData.values).length ? actionData.values : link.given;
  return (
    <main id="contenu" className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <p className="text-sm font-medium text-primary">Questionnaire {link.title}</p>
      <h1 className="mt-1 text-2xl font-bold sm:text-3xl">
        {link.session ? `Votre avis sur ${link.session.title}` : "Votre avis nous intéresse"}
      </h1>
      {link.session ? <p className="mt-1 text-muted-foreground">Session {link.session.dates}</p> : null}
      {saved ? (
        <div role="status" className="mt-8 rounded-lg border border-primary/30 bg-primary/5 p-5">
          <p className="flex items-center gap-2 font-semibold">
            <CheckCircle2 aria-hidden="true" className="h-5 w-5 text-primary" />
            {actionData?.saved && actionData.replaced
              ? "Vos réponses ont été mises à jour"
              : "Merci, vos réponses sont enregistrées"}
          </p>
          <p className="mt-2 text-sm">
            Vous pouvez les modifier avec ce même lien jusqu'au {formatDateTime(link.closesAt)} : vos
            nouvelles réponses remplaceront les précédentes.
          </p>
        </div>
      ) : (
        <>
          {link.intro ? <p className="mt-4">{link.intro}</p> : null}
          {link.answeredAt ? (
            <p className="mt-4 rounded-md bg-muted p-3 text-sm">
              Vous avez déjà répondu le {formatDateTime(link.answeredAt)}. Vous pouvez modifier vos réponses
              jusqu'au {formatDateTime(link.closesAt)} : les nouvelles remplaceront les précédentes.
            </p>
          ) : null}
          <div className="mt-8">
            <SurveyForm questions={link.questions} values={values} errors={errors} />
          </div>
        </>
      )}
    </main>
  );
}
