import { learnerDocumentFile, learnerOf } from "~/features/spaces/index.server";
import { entityId } from "~/platform/form-schema";
import { pdfRefusal, pdfResponse } from "~/platform/pdf-document.server";
import type { Route } from "./+types/learner-document";

/** One of the learner's own documents, as it was sent to them; anyone else's answers 404. */
export async function loader(args: Route.LoaderArgs) {
  const { membership } = await learnerOf(args, args.params.learnerId);
  const id = entityId.safeParse(args.params.documentId);
  const file = id.success
    ? await learnerDocumentFile(args.context.app.db, membership.learnerId, id.data)
    : null;
  if (!file) return pdfRefusal(404, "Document introuvable");
  return pdfResponse(file.pdf, file.fileName, "attachment");
}
