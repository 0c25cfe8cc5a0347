import { requirePermission } from "~/features/accounts/index.server";
import { requestedDocumentFile } from "~/features/spaces/index.server";
import { entityId } from "~/platform/form-schema";
import { missingFile, storedFileDownload } from "~/platform/http/download.server";
import type { Route } from "./+types/requested-document";

/** A document a learner sent from their space on request, for staff who may see learners. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "learners:read");
  const id = entityId.safeParse(params.requestId);
  const file = id.success ? await requestedDocumentFile(context.app.db, id.data) : null;
  if (!file) return missingFile("Document introuvable");
  return storedFileDownload(file);
}
