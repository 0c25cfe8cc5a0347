import { companyInvoiceFile, payerOf } from "~/features/spaces/index.server";
import { entityId } from "~/platform/form-schema";
import { pdfRefusal, pdfResponse } from "~/platform/pdf-document.server";
import type { Route } from "./+types/company-invoice";

/** The company's issued invoice or credit note, the console's Factur-X PDF; a draft or another's: 404. */
export async function loader(args: Route.LoaderArgs) {
  const { membership } = await payerOf(args, args.params.payerId);
  const id = entityId.safeParse(args.params.invoiceId);
  const file = id.success ? await companyInvoiceFile(args.context.app.db, membership.payerId, id.data) : null;
  if (!file) return pdfRefusal(404, "Facture introuvable");
  return pdfResponse(file.bytes, file.fileName, "attachment");
}
