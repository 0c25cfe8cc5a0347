import { getSignedInUser } from "~/features/accounts/current-user.server";
import { signerFile } from "~/features/signatures/signer.server";
import { entityId } from "~/platform/form-schema";
import { pdfRefusal, pdfResponse } from "~/platform/pdf-document.server";
import type { Route } from "./+types/signature-document";

/**
 * The PDF a signer reads before signing (the frozen one), or once all signed the signed one: for
 * the signed-in signer only (verified e-mail); anyone else gets the same 404 as an unknown id.
 * Shown inline in the signing page's frame (same origin only), or saved with ?telecharger.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await getSignedInUser(request, context.app);
  const id = entityId.safeParse(params.id);
  const file = user && id.success ? await signerFile(context.app.db, id.data, user) : null;
  if (!file) return pdfRefusal(404, "Document introuvable");
  const download = new URL(request.url).searchParams.has("telecharger");
  return pdfResponse(file.pdf, file.fileName, download ? "attachment" : "inline");
}
