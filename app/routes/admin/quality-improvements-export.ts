import { requirePermission } from "~/features/accounts/index.server";
import { improvementsCsv } from "~/features/quality/index.server";
import { formatIsoDay } from "~/platform/paris-time";
import type { Route } from "./+types/quality-improvements-export";

/** The improvement register as CSV (quality:read): the copy an auditor asks for. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "quality:read");
  const csv = await improvementsCsv(context.app.db);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="ameliorations-${formatIsoDay(new Date())}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
