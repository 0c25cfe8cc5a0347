import { requirePermission } from "~/features/accounts/index.server";
import { writeAudit } from "~/features/audit/index.server";
import { registerPeriodFrom } from "~/features/complaints";
import { complaintsRegisterPdf } from "~/features/complaints/index.server";
import { complaintImprovementLines } from "~/features/quality/index.server";
import { getCentreSettings } from "~/features/settings/index.server";
import { formatIsoDay } from "~/platform/paris-time";
import { pdfRefusal, pdfResponse } from "~/platform/pdf-document.server";
import type { Route } from "./+types/complaints-register-pdf";

/**
 * The complaints register of a period (?du=&au=, this year by default) as a PDF, for whoever reads
 * the register; the download is audited. A period that is not one gets its reason in French (400).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context;
  const { user } = await requirePermission({ request, context }, "complaints:read");
  const parsed = registerPeriodFrom(new URL(request.url).searchParams, formatIsoDay(new Date()));
  if (!parsed.success) return pdfRefusal(400, parsed.error.issues[0]?.message ?? "Période invalide");
  const period = parsed.data;
  const centre = await getCentreSettings(app.db);
  const { count, pdf } = await complaintsRegisterPdf(app.db, {
    period,
    centreName: centre.name,
    improvements: (ids) => complaintImprovementLines(app.db, ids),
  });
  await writeAudit(app.db, user, {
    action: "export",
    entity: "complaint",
    entityId: null,
    details: { title: `Registre des réclamations (PDF) du ${period.from} au ${period.to}`, count },
  });
  return pdfResponse(pdf, `registre-des-reclamations-${period.from}-au-${period.to}.pdf`, "attachment");
}
