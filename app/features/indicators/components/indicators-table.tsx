import { formatRate } from "~/features/catalogue";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { archiveLine, type PublishedIndicators } from "../indicators";

const COLUMNS = ["Formation", "Année", "Indicateur", "Taux", "Échantillon"] as const;

/**
 * Statistiques' 'Résultats publiés': every formation's figures as its course page shows them (the
 * same function computes both), one row per year and indicator, then its archives.
 */
export function IndicatorsTable({
  formations,
}: {
  formations: readonly { id: string; title: string; indicators: PublishedIndicators }[];
}) {
  const rows = formations.flatMap((f) => [
    ...f.indicators.years.flatMap((y) =>
      y.indicators.map((i) => ({
        key: `${f.id}-${y.year}-${i.kind}`,
        cells: [f.title, String(y.year), i.title, i.rate === null ? "—" : formatRate(i.rate), i.detail],
      })),
    ),
    ...f.indicators.archives.map((a) => ({
      key: `${f.id}-archive-${a.kind}-${a.year}`,
      cells: [f.title, String(a.year), "Archive", formatRate(a.rate), archiveLine(a)],
    })),
  ]);
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
            Aucun résultat : aucune session terminée ni enquête.
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
      </CardContent>
    </Card>
  );
}
