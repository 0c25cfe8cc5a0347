import { data } from "react-router";
import { POSITIONING_TITLE, PositioningQuestionnaire } from "~/features/positioning";
import { answerPositioning, openPositioning } from "~/features/positioning/index.server";
import { learnerOf } from "~/features/spaces/index.server";
import { readFormData } from "~/platform/http/body.server";
import { pageTitle } from "~/platform/seo";
import type { Route } from "./+types/learner-positioning";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageTitle(matches, POSITIONING_TITLE),
  { name: "robots", content: "noindex" },
];

/**
 * The positioning questionnaire answered in the learner's own space, the same form and rules as the
 * e-mailed link (once); the walls first (learnerOf: a 404 for anyone else's), and a 404 when the
 * centre has not sent it.
 */
export async function loader(args: Route.LoaderArgs) {
  const { membership } = await learnerOf(args, args.params.learnerId);
  const form = await openPositioning(args.context.app.db, { learnerId: membership.learnerId });
  if (form.state === "unknown") throw new Response("Page introuvable", { status: 404 });
  return { form, learnerId: membership.learnerId };
}

export async function action(args: Route.ActionArgs) {
  const { membership } = await learnerOf(args, args.params.learnerId);
  const posted = await readFormData(args.request);
  if (typeof posted === "string") {
    return data(
      {
        saved: false as const,
        errors: { form: "Vos réponses sont trop longues\u00a0: raccourcissez-les." },
        values: {},
      },
      { status: posted === "too-large" ? 413 : 400 },
    );
  }
  const outcome = await answerPositioning(args.context.app.db, { learnerId: membership.learnerId }, posted);
  switch (outcome.state) {
    case "unknown":
      throw new Response("Page introuvable", { status: 404 });
    case "answered":
      return data({ saved: false as const, answeredAt: outcome.answeredAt }, { status: 409 });
    case "invalid":
      return data({ saved: false as const, errors: outcome.errors, values: outcome.values }, { status: 400 });
    case "saved":
      return { saved: true as const };
  }
}

export default function LearnerPositioningPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="contenu">
      <PositioningQuestionnaire form={loaderData.form} posted={actionData} />
    </main>
  );
}
