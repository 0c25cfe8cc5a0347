import { Download } from "lucide-react";
import { useId } from "react";
import { frenchNumber, type Period, type StatChart } from "~/features/statistics/statistics";
import { buttonClass } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { Td, Th } from "~/ui/table";

/**
 * Series colours: each at least 4.5:1 against the white card and the track, so a bar is as visible
 * as text (non-text contrast asks 3:1), and told apart by the legend's labels, not by colour alone.
 */
const COLOURS = ["#1d4ed8", "#b45309", "#047857", "#7e22ce", "#be123c", "#0e7490", "#4d7c0f", "#475569"];
const colour = (i: number) => COLOURS[i % COLOURS.length];

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * Horizontal bars in plain HTML: a row per line of the table, label above its bar, so the chart fits
 * any width from 360 px without a scrollbar. The drawing is hidden from screen readers: the title,
 * the description and the table say the same.
 */
function Bars({ chart }: { chart: StatChart }) {
  const max = Math.max(
    1,
    ...chart.bars.map((b) => (chart.stacked ? sum(b.values) : Math.max(0, ...b.values))),
  );
  const width = (v: number) => `${(100 * v) / max}%`;
  return (
    <div aria-hidden="true" className="grid gap-3">
      {chart.series.length > 1 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
          {chart.series.map((name, i) => (
            <li key={name} className="flex items-center gap-1.5">
              <span className="inline-block h-3 w-3 rounded-sm" style={{ background: colour(i) }} />
              {name}
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="grid gap-2">
        {chart.bars.map((bar) => (
          <li key={bar.label} className="grid gap-1">
            <div className="flex justify-between gap-2 text-xs">
              {/* Wraps rather than being cut: a session's label names the course and its date. */}
              <span className="min-w-0 break-words">{bar.label}</span>
              <span className="shrink-0 font-medium">
                {bar.text ??
                  (chart.stacked || bar.values.length === 1
                    ? frenchNumber(sum(bar.values))
                    : bar.values.map((v) => frenchNumber(v)).join(" / "))}
              </span>
            </div>
            {chart.stacked ? (
              <div className="flex h-3 w-full overflow-hidden rounded-sm bg-muted">
                {bar.values.map((v, i) =>
                  v > 0 ? (
                    <span
                      // biome-ignore lint/suspicious/noArrayIndexKey: one segment per series, in series order.
                      key={i}
                      className="h-full border-r border-white last:border-r-0"
                      style={{ width: width(v), background: colour(i) }}
                    />
                  ) : null,
                )}
              </div>
            ) : (
              bar.values.map((v, i) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: one bar per series, in series order.
                  key={i}
                  className="h-2.5 w-full overflow-hidden rounded-sm bg-muted"
                >
                  <div className="h-full" style={{ width: width(v), background: colour(i) }} />
                </div>
              ))
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A chart with its title, its description in words, its numbers as a table, and their CSV. */
export function StatChartCard({ chart, period }: { chart: StatChart; period: Period }) {
  const id = useId();
  const empty = chart.rows.length === 0;
  return (
    <Card className="min-w-0" data-chart={chart.id}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{chart.title}</CardTitle>
        <p id={`${id}-desc`} className="text-sm text-muted-foreground">
          {chart.description}
        </p>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {empty ? null : (
          <figure aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} className="m-0">
            <Bars chart={chart} />
          </figure>
        )}
        <details className="group min-w-0">
          <summary className="cursor-pointer text-sm font-medium text-primary underline-offset-4 hover:underline">
            Voir les données
          </summary>
          {/* Focusable so that a keyboard can scroll a wide table sideways. In a narrow card the table is
              stacked instead (app.css, `stacked-table`): a block per row, each figure after its column's
              name, where columns would be cut at the card's edge. */}
          <section
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
            tabIndex={0}
            aria-label={`Données : ${chart.title}`}
            className="@container relative mt-2 w-full overflow-x-auto"
          >
            <table className="stacked-table w-full text-sm">
              <caption className="sr-only">{chart.title}</caption>
              <thead className="[&_tr]:border-b">
                <tr className="border-b border-border">
                  {chart.columns.map((column) => (
                    <Th key={column}>{column}</Th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {empty ? (
                  <tr>
                    <Td colSpan={chart.columns.length} className="text-muted-foreground">
                      Aucune donnée sur la période
                    </Td>
                  </tr>
                ) : (
                  chart.rows.map((row) => (
                    <tr key={row[0]} className="border-b border-border last:border-0">
                      {row.map((cell, i) =>
                        i === 0 ? (
                          <th key={chart.columns[i]} scope="row" className="p-3 text-left font-medium">
                            {cell}
                          </th>
                        ) : (
                          <Td
                            key={chart.columns[i]}
                            data-label={chart.columns[i]}
                            className="whitespace-nowrap"
                          >
                            {cell}
                          </Td>
                        ),
                      )}
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </section>
        </details>
        <a
          href={`/admin/statistiques/${chart.id}.csv?periode=${period}`}
          download
          className={buttonClass("outline", "sm", "justify-self-start")}
        >
          <Download aria-hidden="true" className="h-4 w-4" /> Télécharger les données (CSV)
          <span className="sr-only"> : {chart.title}</span>
        </a>
      </CardContent>
    </Card>
  );
}
