import { qualiopiCertified } from "~/features/settings";
import { getCertificateFile } from "~/features/settings/index.server";
import { parisToday } from "~/platform/dates";
import { attachmentDisposition, missingFile } from "~/platform/http/download.server";
import type { Route } from "./+types/qualiopi-certificate";

/**
 * The Qualiopi certificate sent in Paramètres, for anyone (the footer and 'Notre centre' link to it)
 * while the centre is certified (valid, with a category); otherwise 404, like the mention that is not on the site.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const file = await getCertificateFile(context.app.db);
  const certified =
    file !== null &&
    qualiopiCertified(
      { certificate: file, qualiopiValidUntil: file.validUntil, qualiopiCategories: file.categories },
      parisToday(),
    );
  if (!file || !certified) return missingFile("Certificat introuvable");
  return new Response(new Uint8Array(file.content), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(file.content.byteLength),
      "Content-Disposition": attachmentDisposition(file.fileName),
      "X-Content-Type-Options": "nosniff",
      // A new certificate replaces this one at the same address: ask again each time.
      "Cache-Control": "no-cache",
    },
  });
}
