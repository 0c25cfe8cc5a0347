import { requirePermission } from "~/features/accounts/index.server";
import { answerFiltersFrom } from "~/features/surveys";
import { exportAnswers, surveyCsvResponse } from "~/features/surveys/index.server";
import type { Route } from "./+types/survey-answers-export";

/**
 * One questionnaire's answers as CSV for French Excel, audited. Administrators only: the file holds
 * the respondents' addresses and what they wrote.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requirePermission({ request, context }, "surveys:export");
  const filters = answerFiltersFrom(new URL(request.url).searchParams);
  return surveyCsvResponse(await exportAnswers(context.app.db, user, filters), "reponses-enquete");
}
