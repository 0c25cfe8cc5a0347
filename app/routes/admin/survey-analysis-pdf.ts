import { data } from "react-router";
import { requirePermission } from "~/features/accounts/index.server";
import { writeAudit } from "~/features/audit/index.server";
import { getCentreSettings } from "~/features/settings/index.server";
import { answerFiltersFrom } from "~/features/surveys";
import { analyseAnswers, analysisPdf, analysisScope, sessionTarget } from "~/features/surveys/index.server";
import { formatIsoDay } from "~/platform/paris-time";
import { pdfResponse } from "~/platform/pdf-document.server";
import type { Route } from "./+types/survey-analysis-pdf";

/** The analysis per question as a PDF to file or print, audited; administrators only (the comments). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context;
  const { user } = await requirePermission({ request, context }, "surveys:export");
  const filters = answerFiltersFrom(new URL(request.url).searchParams);
  const analysis = await analyseAnswers(app.db, filters);
  if (!analysis) throw data("Questionnaire introuvable", { status: 404 });
  const session = filters.session ? await sessionTarget(app.db, filters.session) : null;
  const centre = await getCentreSettings(app.db);
  const pdf = await analysisPdf(analysis, {
    centreName: centre.name,
    scope: analysisScope(session, filters),
  });
  await writeAudit(app.db, user, {
    action: "export",
    entity: "questionnaire",
    entityId: analysis.questionnaire.id,
    details: { title: `Analyse (PDF) – ${analysis.questionnaire.title}`, count: analysis.respondents },
  });
  return pdfResponse(pdf, `analyse-enquete-${formatIsoDay(new Date())}.pdf`, "attachment");
}
