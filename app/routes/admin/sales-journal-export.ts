import { requirePermission } from "~/features/accounts/index.server";
import { salesJournalDownload } from "~/features/billing/index.server";
import type { Route } from "./+types/sales-journal-export";

/**
 * The sales journal of ?du=&au= as CSV for French Excel, streamed and audited. Administrators only
 * (invoices:export): the payers' names, some of them people, leave the console.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requirePermission({ request, context }, "invoices:export");
  return salesJournalDownload(context.app.db, user, new URL(request.url).searchParams);
}
