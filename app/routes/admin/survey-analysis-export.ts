import { data } from "react-router";
import { requirePermission } from "~/features/accounts/current-user.server";
import { exportAnalysis } from "~/features/surveys/analysis.server";
import { answerFiltersFrom } from "~/features/surveys/console-schema";
import { formatIsoDay } from "~/platform/paris-time";
import type { Route } from "./+types/survey-analysis-export";

/**
 * The analysis per question of a questionnaire's answers as CSV for French Excel, audited.
 * Administrators only, as the answers' export: the comments are what people wrote.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requirePermission({ request, context }, "surveys:export");
  const filters = answerFiltersFrom(new URL(request.url).searchParams);
  const csv = await exportAnalysis(context.app.db, user, filters);
  if (csv === null) throw data("Questionnaire introuvable", { status: 404 });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="analyse-enquete-${formatIsoDay(new Date())}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
