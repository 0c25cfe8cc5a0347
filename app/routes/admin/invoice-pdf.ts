import { requirePermission } from "~/features/accounts/index.server";
import { invoicePdfFile } from "~/features/billing/index.server";
import { entityId } from "~/platform/form-schema";
import type { Route } from "./+types/invoice-pdf";

/**
 * An invoice's or a credit note's Factur-X PDF, made from its rows when asked: an issued one as it
 * was issued (downloaded under its number), a draft as a preview of what issuing it now would give
 * (opened in the browser, 'BROUILLON' in place of the number).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "invoices:read");
  const id = entityId.safeParse(params.id);
  const file = id.success ? await invoicePdfFile(context.app.db, id.data) : null;
  if (!file) {
    return new Response("Facture introuvable", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(file.bytes.byteLength),
      // The name is kept to letters, digits and - ( ) . _ by sanitizeFileName.
      "Content-Disposition": `${file.draft ? "inline" : "attachment"}; filename="${file.fileName}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}
