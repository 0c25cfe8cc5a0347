import { attachmentDisposition } from "~/features/applications/console-applications.server";
import { qualiopiValid } from "~/features/settings/centre";
import { getCertificateFile } from "~/features/settings/console-settings.server";
import { parisToday } from "~/platform/dates";
import type { Route } from "./+types/qualiopi-certificate";

/**
 * The Qualiopi certificate sent in Paramètres, for anyone (the footer and 'Notre centre' link to it)
 * while it is valid; once its validity date has passed, 404 like the mention that left the site.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const file = await getCertificateFile(context.app.db);
  if (!file || !qualiopiValid(file.validUntil, parisToday())) {
    return new Response("Certificat introuvable", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
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
