import { hasControlCharacters } from "~/lib/control-characters";
import { formatIsoDay } from "~/lib/paris-time";
import { contactFiltersFrom } from "~/lib/schemas/admin-contact";
import { exportContacts } from "~/server/admin/contact-requests.server";
import { requirePermission } from "~/server/session.server";
import type { Route } from "./+types/contacts-export";

/**
 * The filtered list of requests as CSV for French Excel, streamed (constant memory whatever the
 * number of rows); each export is written to the audit log.
 * Administrators only: an export carries every lead's personal data out of the console.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requirePermission({ request, context }, "contacts:export");
  const params = new URL(request.url).searchParams;
  if (hasControlCharacters(params.get("q") ?? "")) {
    return new Response("Filtre de recherche invalide : il contient un caractère non autorisé.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const filters = contactFiltersFrom(params);
  const csv = await exportContacts(context.app, user, filters);
  const day = formatIsoDay(new Date());
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="demandes-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
