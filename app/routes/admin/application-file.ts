import { requirePermission } from "~/features/accounts/current-user.server";
import {
  attachmentDisposition,
  getApplicationFile,
} from "~/features/applications/console-applications.server";
import { entityId } from "~/platform/form-schema";
import type { Route } from "./+types/application-file";

/**
 * A candidate's CV or letter, for staff who may read applications. Always downloaded, never shown
 * inline (the bytes come from the public), with the type stored at intake, no sniffing, no cache.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "applications:read");
  const id = entityId.safeParse(params.id);
  const fileId = entityId.safeParse(params.fileId);
  const file =
    id.success && fileId.success ? await getApplicationFile(context.app.db, id.data, fileId.data) : null;
  if (!file) {
    return new Response("Fichier introuvable", {
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
