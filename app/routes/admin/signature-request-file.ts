import { requirePermission } from "~/features/accounts/current-user.server";
import { requestFile } from "~/features/signatures/request-views.server";
import { entityId } from "~/platform/form-schema";
import { pdfRefusal, pdfResponse } from "~/platform/pdf-document.server";
import type { Route } from "./+types/signature-request-file";

/**
 * A demande de signature's PDF for staff: the document frozen when it was asked for
 * (/document.pdf), or once every signer signed, the signed one with its evidence page (/signe.pdf).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "signatures:request");
  const id = entityId.safeParse(params.id);
  const which = new URL(request.url).pathname.endsWith("/signe.pdf") ? "signed" : "frozen";
  const file = id.success ? await requestFile(context.app.db, id.data, which) : null;
  if (!file) return pdfRefusal(404, "Document introuvable");
  return pdfResponse(file.pdf, file.fileName, "attachment");
}
