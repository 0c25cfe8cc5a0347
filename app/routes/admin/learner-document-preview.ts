import { requirePermission } from "~/features/accounts/index.server";
import { documentTypeOf } from "~/features/documents";
import { previewDocument, UNKNOWN_LEARNER } from "~/features/documents/index.server";
import { AdminInputError } from "~/platform/console/action.server";
import { entityId } from "~/platform/form-schema";
import { pdfRefusal, pdfResponse } from "~/platform/pdf-document.server";
import type { Route } from "./+types/learner-document-preview";

/**
 * 'Aperçu': a learner's document generated now from the records, as it would be sent, for staff to
 * check before sending. Neither kept nor sent; a record that cannot make it (who pays not said yet)
 * answers why, in French.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "documents:generate");
  const id = entityId.safeParse(params.learnerId);
  const type = documentTypeOf(params.document);
  if (!id.success || !type) return pdfRefusal(404, "Document introuvable");
  let file: Awaited<ReturnType<typeof previewDocument>>;
  try {
    file = await previewDocument(context.app, type, id.data);
  } catch (error) {
    if (error instanceof AdminInputError)
      return pdfRefusal(error.message === UNKNOWN_LEARNER ? 404 : 409, error.message);
    throw error;
  }
  return pdfResponse(file.pdf, file.fileName, "inline");
}
