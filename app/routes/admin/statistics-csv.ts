import { requirePermission } from "~/features/accounts/index.server";
import { INDICATOR_TABLE_COLUMNS, indicatorTableRows } from "~/features/indicators";
import { allFormationIndicators } from "~/features/indicators/index.server";
import { isChartId, periodFrom } from "~/features/statistics";
import { statisticsCsv } from "~/features/statistics/index.server";
import { CSV_BOM, csvLine } from "~/platform/csv.server";
import type { Db } from "~/platform/db/client.server";
import { formatIsoDay } from "~/platform/paris-time";
import type { Route } from "./+types/statistics-csv";

/** The 'Résultats publiés' table's name among the CSVs: not a chart, and not bound to a period. */
const RESULTS = "resultats-publies";

/**
 * 'Résultats publiés' as CSV: completion, drop-out, success, satisfaction and insertion per formation and
 * year, with their samples ('12 réponses sur 14 stagiaires') and archives, the screen's very cells.
 */
async function resultsCsv(db: Db) {
  const rows = indicatorTableRows(await allFormationIndicators(db));
  return new Response(
    CSV_BOM + csvLine(INDICATOR_TABLE_COLUMNS) + rows.map((r) => csvLine(r.cells)).join(""),
    {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="statistiques-${RESULTS}-${formatIsoDay(new Date())}.csv"`,
        "Cache-Control": "no-store",
      },
    },
  );
}

/**
 * One chart of Statistiques as CSV for French Excel (UTF-8 with BOM, ';'): the very cells its
 * 'Voir les données' table shows, for the period in ?periode=; or the published results' table.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "statistics:read");
  if (params.graphique === RESULTS) return resultsCsv(context.app.db);
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
