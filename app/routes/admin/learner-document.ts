import { requirePermission } from "~/features/accounts/current-user.server";
import { documentFile } from "~/features/documents/index.server";
import { entityId } from "~/platform/form-schema";
import type { Route } from "./+types/learner-document";

/** A learner's document as it was sent (its kept bytes), for staff who may see learners. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "learners:read");
  const id = entityId.safeParse(params.documentId);
  const file = id.success ? await documentFile(context.app.db, id.data) : null;
  if (!file) {
    return new Response("Document introuvable", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(file.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(file.pdf.byteLength),
      // The name is kept to [a-z0-9-] when the document is made.
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}
