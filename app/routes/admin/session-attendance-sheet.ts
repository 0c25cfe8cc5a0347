import { requirePermission } from "~/features/accounts/current-user.server";
import { renderAttendanceSheet } from "~/features/attendance/sheet-pdf.server";
import { sessionHeading } from "~/features/catalogue/index.server";
import { entityId } from "~/platform/form-schema";
import { formatIsoDay } from "~/platform/paris-time";
import type { Route } from "./+types/session-attendance-sheet";

/** A session's attendance sheet as a PDF, made from the entries at the moment it is asked for. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "attendance:download");
  const formation = entityId.safeParse(params.id);
  const session = entityId.safeParse(params.sessionId);
  // The session must be the formation's of the URL: another formation's id answers 404, as the screen.
  const heading =
    formation.success && session.success ? await sessionHeading(context.app.db, session.data) : null;
  const sheet =
    heading && heading.formationId === formation.data
      ? await renderAttendanceSheet(context.app.db, heading.id, formatIsoDay(new Date()))
      : null;
  if (!sheet) {
    return new Response("Session introuvable", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(sheet.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(sheet.pdf.byteLength),
      // The name is kept to [a-z0-9-] when the sheet is made.
      "Content-Disposition": `attachment; filename="${sheet.fileName}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}
