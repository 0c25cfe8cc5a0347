import { requirePermission } from "~/features/accounts/current-user.server";
import { isChartId, periodFrom } from "~/features/statistics/statistics";
import { statisticsCsv } from "~/features/statistics/statistics.server";
import { formatIsoDay } from "~/platform/paris-time";
import type { Route } from "./+types/statistics-csv";

/**
 * One chart of Statistiques as CSV for French Excel (UTF-8 with BOM, ';'): the very cells its
 * 'Voir les données' table shows, for the period in ?periode=.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "statistics:read");
  if (!isChartId(params.graphique)) {
    return new Response("Graphique inconnu.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const period = periodFrom(new URL(request.url).searchParams);
  const csv = await statisticsCsv(context.app.db, period, params.graphique);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="statistiques-${params.graphique}-${period}-${formatIsoDay(new Date())}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
