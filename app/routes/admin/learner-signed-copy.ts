import { requirePermission } from "~/features/accounts/index.server";
import { signedCopyFile } from "~/features/documents/index.server";
import { entityId } from "~/platform/form-schema";
import { storedFileDownload } from "~/platform/http/download.server";
import { pdfRefusal } from "~/platform/pdf-document.server";
import type { Route } from "./+types/learner-signed-copy";

/**
 * The signed copy received for a learner's convention or contrat (the scan as it was deposited: a
 * PDF, a JPEG or a PNG, its type read from its content), for staff who may see learners.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "learners:read");
  const id = entityId.safeParse(params.documentId);
  const file = id.success ? await signedCopyFile(context.app.db, id.data) : null;
  if (!file) return pdfRefusal(404, "Copie signée introuvable");
  return storedFileDownload({ ...file, mimeType: file.contentType });
}
