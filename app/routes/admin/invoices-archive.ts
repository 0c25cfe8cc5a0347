import { requirePermission } from "~/features/accounts/index.server";
import { invoicesArchiveDownload } from "~/features/billing/index.server";
import type { Route } from "./+types/invoices-archive";

/**
 * Every invoice and credit note issued in ?du=&au=, as a ZIP of their Factur-X PDFs, streamed and
 * audited. Administrators only (invoices:export), as the sales journal.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requirePermission({ request, context }, "invoices:export");
  return invoicesArchiveDownload(context.app.db, user, new URL(request.url).searchParams);
}
