import { requirePermission } from "~/features/accounts/index.server";
import { contactFiltersFrom } from "~/features/leads";
import { exportContacts } from "~/features/leads/index.server";
import { hasControlCharacters } from "~/platform/control-characters";
import { formatIsoDay } from "~/platform/paris-time";
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
