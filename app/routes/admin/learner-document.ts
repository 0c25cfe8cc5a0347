import { requirePermission } from "~/features/accounts/index.server";
import { documentFile } from "~/features/documents/index.server";
import { entityId } from "~/platform/form-schema";
import { pdfRefusal, pdfResponse } from "~/platform/pdf-document.server";
import type { Route } from "./+types/learner-document";

/** A learner's document as it was sent (its kept bytes), for staff who may see learners. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "learners:read");
  const id = entityId.safeParse(params.documentId);
  const file = id.success ? await documentFile(context.app.db, id.data) : null;
  if (!file) return pdfRefusal(404, "Document introuvable");
  return pdfResponse(file.pdf, file.fileName, "attachment");
}
