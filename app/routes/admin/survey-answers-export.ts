import { requirePermission } from "~/features/accounts/index.server";
import { exportAnswers } from "~/features/surveys/console-reading.server";
import { answerFiltersFrom } from "~/features/surveys/console-schema";
import { surveyCsvResponse } from "~/features/surveys/csv-download.server";
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
