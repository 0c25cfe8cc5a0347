import { requirePermission } from "~/features/accounts/index.server";
import { yearFrom } from "~/features/bpf";
import { bpfCsv, defaultYear } from "~/features/bpf/index.server";
import type { Route } from "./+types/bpf-csv";

/**
 * The learners one figure of the Bilan pédagogique et financier counts (?annee=&ligne=), as CSV for
 * French Excel, audited. Administrators only, as every export of learners' personal data.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requirePermission({ request, context }, "learners:export");
  const params = new URL(request.url).searchParams;
  const year = yearFrom(params) ?? defaultYear();
  const line = params.get("ligne") ?? "all";
  const csv = await bpfCsv(context.app.db, user, year, line);
  if (csv === null) {
    return new Response(`Cette ligne n'existe pas pour ${year}.`, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const name = line.replace(/[^a-z0-9_-]/gi, "");
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="bpf-${year}-${name}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
