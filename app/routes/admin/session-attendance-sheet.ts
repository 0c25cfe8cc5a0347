import { requirePermission } from "~/features/accounts/index.server";
import { sheetDownload } from "~/features/attendance/index.server";
import { sessionHeading } from "~/features/catalogue/index.server";
import { entityId } from "~/platform/form-schema";
import { pdfRefusal } from "~/platform/pdf-document.server";
import type { Route } from "./+types/session-attendance-sheet";

/**
 * A session's signed attendance sheet as prepared in the background ('Préparer la feuille' on the
 * session's attendance page): the one named by `?feuille=`, else the latest ready. Read from the
 * database a part at a time, whatever its size.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "attendance:download");
  const formation = entityId.safeParse(params.id);
  const session = entityId.safeParse(params.sessionId);
  // The session must be the formation's of the URL: another formation's id answers 404, as the screen.
  const heading =
    formation.success && session.success ? await sessionHeading(context.app.db, session.data) : null;
  if (!heading || heading.formationId !== formation.data) return pdfRefusal(404, "Session introuvable");
  const asked = new URL(request.url).searchParams.get("feuille");
  const sheetId = asked === null ? null : entityId.safeParse(asked);
  if (sheetId && !sheetId.success) return pdfRefusal(404, "Feuille introuvable");
  const sheet = await sheetDownload(context.app.db, heading.id, sheetId?.data ?? null);
  if (!sheet) {
    return pdfRefusal(
      404,
      "Aucune feuille d'émargement prête : préparez-la depuis la page Émargement de la session.",
    );
  }
  return new Response(sheet.body, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(sheet.byteSize),
      // The name is kept to [a-z0-9-] when the sheet is made.
      "Content-Disposition": `attachment; filename="${sheet.fileName}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}
