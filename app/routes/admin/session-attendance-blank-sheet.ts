import { PassThrough, Readable } from "node:stream";
import { requirePermission } from "~/features/accounts/current-user.server";
import { writeBlankSheet } from "~/features/attendance/blank-sheet-pdf.server";
import { sessionHeading } from "~/features/catalogue/index.server";
import { entityId } from "~/platform/form-schema";
import { pdfRefusal } from "~/platform/pdf-document.server";
import type { Route } from "./+types/session-attendance-blank-sheet";

/**
 * The blank sheet to print, for a room without network: a page per day, an empty box per learner and
 * slot. Streamed as it is written (no signature to read: a large session's is written in seconds).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "attendance:download");
  const formation = entityId.safeParse(params.id);
  const session = entityId.safeParse(params.sessionId);
  const heading =
    formation.success && session.success ? await sessionHeading(context.app.db, session.data) : null;
  if (!heading || heading.formationId !== formation.data) return pdfRefusal(404, "Session introuvable");
  const out = new PassThrough();
  const fileName = `emargement-vierge-${heading.startDate}.pdf`;
  writeBlankSheet(context.app.db, heading.id, out).catch((error: unknown) => {
    context.app.logger.error({ err: error }, "attendance: blank sheet failed");
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return new Response(Readable.toWeb(out) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}
