import { requirePermission } from "~/features/accounts/current-user.server";
import { renderAttendanceSheet } from "~/features/attendance/sheet-pdf.server";
import { entityId } from "~/platform/form-schema";
import { formatIsoDay } from "~/platform/paris-time";
import type { Route } from "./+types/session-attendance-sheet";

/** A session's attendance sheet as a PDF, made from the entries at the moment it is asked for. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "attendance:download");
  const session = entityId.safeParse(params.sessionId);
  const sheet = session.success
    ? await renderAttendanceSheet(context.app.db, session.data, formatIsoDay(new Date()))
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
