import { requirePermission } from "~/features/accounts/index.server";
import { getApplicationFile } from "~/features/applications/index.server";
import { entityId } from "~/platform/form-schema";
import { missingFile, storedFileDownload } from "~/platform/http/download.server";
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
  return file ? storedFileDownload(file) : missingFile("Fichier introuvable");
}
