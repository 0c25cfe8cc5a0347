import { requirePermission } from "~/features/accounts/index.server";
import { answerFiltersFrom } from "~/features/surveys";
import { exportAnalysis, surveyCsvResponse } from "~/features/surveys/index.server";
import type { Route } from "./+types/survey-analysis-export";

/**
 * The analysis per question of a questionnaire's answers as CSV for French Excel, audited.
 * Administrators only, as the answers' export: the comments are what people wrote.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requirePermission({ request, context }, "surveys:export");
  const filters = answerFiltersFrom(new URL(request.url).searchParams);
  return surveyCsvResponse(await exportAnalysis(context.app.db, user, filters), "analyse-enquete");
}
