import { data } from "react-router";
import { POSITIONING_TITLE, PositioningQuestionnaire } from "~/features/positioning";
import { answerPositioning, openPositioning } from "~/features/positioning/index.server";
import { readFormData } from "~/platform/http/body.server";
import { pageTitle } from "~/platform/seo";
import type { Route } from "./+types/positioning";

// A personal link, never indexed nor kept: the page cache skips /positionnement/, the server's security
// headers send `Cache-Control: no-store` for it, and the logs mask its token (platform/http/addresses).
const PRIVATE = { "X-Robots-Tag": "noindex" };

export const headers: Route.HeadersFunction = () => PRIVATE;

export async function loader({ params, context }: Route.LoaderArgs) {
  const form = await openPositioning(context.app.db, { token: params.token });
  return data({ form }, { status: form.state === "unknown" ? 404 : 200, headers: PRIVATE });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { app } = context;
  const posted = await readFormData(request);
  if (typeof posted === "string") {
    return data(
      {
        saved: false as const,
        errors: { form: "Vos réponses sont trop longues\u00a0: raccourcissez-les." },
        values: {},
      },
      { status: posted === "too-large" ? 413 : 400, headers: PRIVATE },
    );
  }
  const outcome = await answerPositioning(app.db, { token: params.token }, posted);
  switch (outcome.state) {
    case "unknown":
      return data({ saved: false as const, unknown: true as const }, { status: 404, headers: PRIVATE });
    case "answered":
      return data(
        { saved: false as const, answeredAt: outcome.answeredAt },
        { status: 409, headers: PRIVATE },
      );
    case "invalid":
      return data(
        { saved: false as const, errors: outcome.errors, values: outcome.values },
        { status: 400, headers: PRIVATE },
      );
    case "saved":
      app.logger.info("positioning: answers stored");
      return data({ saved: true as const }, { headers: PRIVATE });
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageTitle(
    matches,
    loaderData?.form.state === "unknown" ? "Questionnaire introuvable" : POSITIONING_TITLE,
  ),
  { name: "robots", content: "noindex" },
];

function Unknown() {
  return (
    <main id="contenu" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Questionnaire introuvable</h1>
      <p className="text-muted-foreground">
        Ce lien ne correspond à aucun questionnaire en attente. Vérifiez qu'il est complet, tel que reçu dans
        l'e-mail le plus récent&nbsp;: s'il vous a été renvoyé, seul le dernier lien fonctionne.
      </p>
    </main>
  );
}

export default function PositioningPage({ loaderData, actionData }: Route.ComponentProps) {
  const { form } = loaderData;
  if (form.state === "unknown" || (actionData && "unknown" in actionData)) return <Unknown />;
  const posted = actionData && "unknown" in actionData ? undefined : actionData;
  return (
    <main id="contenu" className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <PositioningQuestionnaire form={form} posted={posted} />
    </main>
  );
}
