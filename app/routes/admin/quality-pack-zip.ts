import { Readable } from "node:stream";
import { requirePermission } from "~/features/accounts/index.server";
import { packDownload } from "~/features/quality/index.server";
import { entityId } from "~/platform/form-schema";
import type { Route } from "./+types/quality-pack-zip";

const refusal = (status: number, text: string) =>
  new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * GET /admin/qualiopi/dossier/:id.zip: a ready evidence pack, streamed from its file in the data
 * directory (never read whole), saved under its period's name.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "quality:read");
  const id = entityId.safeParse(params.id);
  const pack = id.success
    ? await packDownload(context.app.db, context.app.qualityPacks.folder, id.data)
    : null;
  if (!pack) {
    return refusal(
      404,
      "Ce dossier n'est pas prêt ou n'existe plus\u00a0: préparez-le depuis la page Dossier de preuves Qualiopi.",
    );
  }
  return new Response(Readable.toWeb(pack.open()) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Length": String(pack.byteSize),
      // The name is made of the period's days: [a-z0-9-] only.
      "Content-Disposition": `attachment; filename="${pack.fileName}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
    },
  });
}
