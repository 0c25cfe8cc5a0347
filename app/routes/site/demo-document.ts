import { demoDocument, hasDemoContent } from "~/features/demo/index.server";
import type { Route } from "./+types/demo-document";

const NOT_FOUND = () =>
  new Response("Document introuvable", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

/**
 * GET /documents/:file: the demonstration centre's guides, while any of the demo remains (they are
 * its content, gone with 'Supprimer les données de démonstration'). A site without the demo answers
 * 404: a real centre's visitors never download another centre's documents. A centre's own documents
 * are links of its Pages (Ressources, Financements) to where it keeps them.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const bytes = demoDocument(params.file);
  if (!bytes || !(await hasDemoContent(context.app.db))) return NOT_FOUND();
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${params.file}"`,
      "Cache-Control": "no-cache",
    },
  });
}
