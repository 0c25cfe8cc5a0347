import { requirePermission } from "~/features/accounts/index.server";
import { type BpfProductLine, bpfProductsCsv, bpfProductsFileName } from "~/features/billing/index.server";
import { yearFrom } from "~/features/bpf";
import { defaultYear } from "~/features/bpf/index.server";
import type { Route } from "./+types/bpf-products-csv";

/**
 * The invoices and credit notes behind one line of the BPF's section C (?annee=&ligne=, 'all' for
 * every line), as CSV for French Excel, audited. invoices:export (administrators only), not bpf:read:
 * the file names payers (some of them people), learners and invoice numbers, the sales journal's
 * data and more, and every export of them leaves the console as the sales journal does.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requirePermission({ request, context }, "invoices:export");
  const params = new URL(request.url).searchParams;
  const year = yearFrom(params) ?? defaultYear();
  const line = params.get("ligne") ?? "all";
  const csv = await bpfProductsCsv(context.app.db, user, year, line);
  if (csv === null) {
    return new Response(`Cette ligne n'existe pas dans la section C.`, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${bpfProductsFileName(year, line as BpfProductLine | "all")}"`,
      "Cache-Control": "no-store",
    },
  });
}
