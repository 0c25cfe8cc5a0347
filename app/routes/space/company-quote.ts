import { companyQuoteFile, payerOf } from "~/features/spaces/index.server";
import { entityId } from "~/platform/form-schema";
import { pdfRefusal, pdfResponse } from "~/platform/pdf-document.server";
import type { Route } from "./+types/company-quote";

/** A quote sent to the company, as it was e-mailed; a draft or another payer's answers 404. */
export async function loader(args: Route.LoaderArgs) {
  const { membership } = await payerOf(args, args.params.payerId);
  const id = entityId.safeParse(args.params.quoteId);
  const file = id.success ? await companyQuoteFile(args.context.app.db, membership.payerId, id.data) : null;
  if (!file) return pdfRefusal(404, "Devis introuvable");
  return pdfResponse(file.bytes, file.fileName, "attachment");
}
