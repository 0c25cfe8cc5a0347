import { data } from "react-router";
import { requirePermission } from "~/features/accounts/current-user.server";
import { exportAnswers } from "~/features/surveys/console-reading.server";
import { answerFiltersFrom } from "~/features/surveys/console-schema";
import { formatIsoDay } from "~/platform/paris-time";
import type { Route } from "./+types/survey-answers-export";

/**
 * One questionnaire's answers as CSV for French Excel, audited. Administrators only: the file holds
 * the respondents' addresses and what they wrote.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requirePermission({ request, context }, "surveys:export");
  const filters = answerFiltersFrom(new URL(request.url).searchParams);
  const csv = await exportAnswers(context.app.db, user, filters);
  if (csv === null) throw data("Questionnaire introuvable", { status: 404 });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="reponses-enquete-${formatIsoDay(new Date())}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
