import { requirePermission } from "~/features/accounts/current-user.server";
import { attachmentDisposition } from "~/features/applications/console-applications.server";
import { trainerDocumentFile } from "~/features/trainers/trainer-documents.server";
import { entityId } from "~/platform/form-schema";
import type { Route } from "./+types/trainer-document";

/**
 * A trainer's document, for staff who read the register. Always downloaded, never shown inline, with
 * the type read when it was sent, no sniffing, no cache.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "trainers:read");
  const id = entityId.safeParse(params.id);
  const documentId = entityId.safeParse(params.documentId);
  const file =
    id.success && documentId.success
      ? await trainerDocumentFile(context.app.db, id.data, documentId.data)
      : null;
  if (!file) {
    return new Response("Document introuvable", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(file.content), {
    headers: {
      "Content-Type": file.mimeType,
      "Content-Length": String(file.content.byteLength),
      "Content-Disposition": attachmentDisposition(file.fileName),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}
