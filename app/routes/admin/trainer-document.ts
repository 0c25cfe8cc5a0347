import { requirePermission } from "~/features/accounts/index.server";
import { trainerDocumentFile } from "~/features/trainers/index.server";
import { entityId } from "~/platform/form-schema";
import { missingFile, storedFileDownload } from "~/platform/http/download.server";
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
  return file ? storedFileDownload(file) : missingFile("Document introuvable");
}
