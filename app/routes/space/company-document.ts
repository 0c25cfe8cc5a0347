import { companyDocumentFile, payerOf } from "~/features/spaces/index.server";
import { entityId } from "~/platform/form-schema";
import { pdfRefusal, pdfResponse } from "~/platform/pdf-document.server";
import type { Route } from "./+types/company-document";

/**
 * An employee's attestation or certificat, for the company's contact: only of a learner this payer
 * funds, once sent; anything else answers 404 (the walls first: payerOf).
 */
export async function loader(args: Route.LoaderArgs) {
  const { membership } = await payerOf(args, args.params.payerId);
  const learnerId = entityId.safeParse(args.params.learnerId);
  const documentId = entityId.safeParse(args.params.documentId);
  const file =
    learnerId.success && documentId.success
      ? await companyDocumentFile(args.context.app.db, membership.payerId, learnerId.data, documentId.data)
      : null;
  if (!file) return pdfRefusal(404, "Document introuvable");
  return pdfResponse(file.pdf, file.fileName, "attachment");
}
