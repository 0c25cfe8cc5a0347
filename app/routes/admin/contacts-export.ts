import { formatIsoDay } from "~/lib/dates";
import { contactFiltersFrom } from "~/lib/schemas/admin-contact";
import { exportContacts } from "~/server/admin/contact-requests.server";
import { requirePermission } from "~/server/session.server";
import type { Route } from "./+types/contacts-export";

/**
 * The filtered list of requests as CSV for French Excel; each export is written to the audit log.
 * Administrators only: an export carries every lead's personal data out of the console.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requirePermission({ request, context }, "contacts:export");
  const filters = contactFiltersFrom(new URL(request.url).searchParams);
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
