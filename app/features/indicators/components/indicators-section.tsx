import { formatRate, INSERTION_MONTHS } from "~/features/catalogue";
import { archiveLine, type PublishedIndicators } from "../indicators";

/**
 * The course page's 'Indicateurs de résultats': per year, newest first, each rate with its period
 * and sample (or the sentence saying the year has too few answers yet), then the dated archives with
 * their source. Rendered to HTML on the server only (indicators-html.server.ts): the course page's
 * JavaScript does not grow with it.
 */
export function IndicatorsSection({ indicators }: { indicators: PublishedIndicators }) {
  return (
    <section aria-labelledby="resultats" className="rounded-xl border border-border bg-background p-6">
      <h2 id="resultats" className="text-2xl font-bold">
        Indicateurs de résultats
      </h2>
      {indicators.years.map(({ year, indicators: list }) => (
        <div key={year} className="mt-4" data-year={year}>
          <h3 className="font-semibold">Résultats {year}</h3>
          <dl className="mt-3 grid gap-3 sm:grid-cols-2">
            {list.map((i) => (
              <div key={i.kind} className="rounded-lg bg-muted p-4" data-indicator={i.kind}>
                <dt className="font-medium">{i.title}</dt>
                {i.rate === null ? (
                  <dd className="mt-1 text-sm text-muted-foreground">{i.detail}</dd>
                ) : (
                  <>
                    <dd className="text-2xl font-bold text-primary">{formatRate(i.rate)}</dd>
                    <dd className="text-sm text-muted-foreground">
                      {i.detail} · {i.period}
                    </dd>
                  </>
                )}
              </div>
            ))}
          </dl>
        </div>
      ))}
      {indicators.archives.length > 0 && (
        <div className="mt-4">
          <h3 className="font-semibold">Archives (avant la publication automatique)</h3>
          <ul className="mt-2 list-disc pl-5 text-sm text-muted-foreground">
            {indicators.archives.map((a) => (
              <li key={`${a.kind}-${a.year}`}>{archiveLine(a)}</li>
            ))}
          </ul>
        </div>
      )}
      {indicators.years.length > 0 && (
        <p className="mt-4 text-xs text-muted-foreground">
          Calculés à partir des stagiaires des sessions terminées et de leurs réponses aux enquêtes de
          satisfaction (à chaud) et de suivi (données au moins {INSERTION_MONTHS} mois après la fin de la
          session).
        </p>
      )}
    </section>
  );
}
