import { Download } from "lucide-react";
import { buttonClass } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import {
  INDICATOR_TABLE_COLUMNS as COLUMNS,
  indicatorTableRows,
  type PublishedIndicators,
} from "../indicators";

/** Where the table's CSV is downloaded (the Statistiques CSV route, beside the charts' own). */
export const INDICATORS_CSV_PATH = "/admin/statistiques/resultats-publies.csv";

/**
 * Statistiques' 'Résultats publiés': every formation's figures as its course page shows them (the
 * same function computes both), one row per year and indicator, then its archives.
 */
export function IndicatorsTable({
  formations,
}: {
  formations: readonly { id: string; title: string; indicators: PublishedIndicators }[];
}) {
  const rows = indicatorTableRows(formations);
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle id="resultats-publies" className="text-lg">
          Résultats publiés
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          Les taux des pages de formation, calculés à partir des stagiaires des sessions terminées et des
          réponses aux enquêtes, par année de fin de session.
        </p>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Aucun résultat : aucune session terminée ni enquête.
          </p>
        ) : (
          <section
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
            tabIndex={0}
            aria-labelledby="resultats-publies"
            className="@container relative w-full overflow-x-auto"
          >
            <table className="stacked-table w-full text-sm" data-testid="published-results">
              <thead>
                <tr className="border-b border-border">
                  {COLUMNS.map((c) => (
                    <th key={c} scope="col" className="p-3 text-left font-medium text-muted-foreground">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key} className="border-b border-border last:border-0">
                    {row.cells.map((cell, i) =>
                      i === 0 ? (
                        <th key={COLUMNS[i]} scope="row" className="p-3 text-left font-medium">
                          {cell}
                        </th>
                      ) : (
                        <td key={COLUMNS[i]} data-label={COLUMNS[i]} className="p-3">
                          {cell}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        {rows.length ? (
          <a href={INDICATORS_CSV_PATH} className={`${buttonClass("outline")} mt-4`} download>
            <Download aria-hidden="true" className="h-4 w-4" /> Télécharger les résultats (CSV)
          </a>
        ) : null}
      </CardContent>
    </Card>
  );
}
