import { Link } from "react-router";
import { useCan } from "~/features/accounts";
import { requirePermission } from "~/features/accounts/index.server";
import { IndicatorsTable } from "~/features/indicators";
import { allFormationIndicators } from "~/features/indicators/index.server";
import { PERIOD_LABELS, PERIODS, periodFrom, StatChartCard, shortDay } from "~/features/statistics";
import { type Statistics, statistics } from "~/features/statistics/index.server";
import { loadOr } from "~/platform/console/action.server";
import { formatClock, formatDateTime } from "~/platform/paris-time";
import { useLiveRevalidation } from "~/platform/use-live";
import { onScheduleOnly, throttledRefreshes } from "~/platform/use-throttled-live";
import { buttonClass } from "~/ui/button";
import { Card, CardContent, CardHeader } from "~/ui/card";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { PageHeader } from "~/ui/console/page-header";
import type { Route } from "./+types/statistics";

export const meta: Route.MetaFunction = () => [{ title: "Statistiques | Console d'administration" }];

/**
 * What the charts read and the event stream reports (the e-mail outbox is not on it). A status change
 * is reported as a change of its request.
 */
const LIVE = ["contact_requests", "applications", "formation_sessions", "formations"] as const;
/** The 12-month charts cost about 0.6 s of SQL on 100 000 requests: a burst of leads refreshes once. */
const REFRESH_EVERY_MS = 15_000;
const REFRESHES = throttledRefreshes(REFRESH_EVERY_MS);

/** The console layout revalidates on every change; this page only on its own 15 s schedule. */
export const shouldRevalidate = onScheduleOnly;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context;
  await requirePermission({ request, context }, "statistics:read");
  const period = periodFrom(new URL(request.url).searchParams);
  const empty: Statistics = {
    period,
    startDay: "",
    endDay: "",
    computedAt: "",
    figures: {
      received: 0,
      conversionRate: "—",
      medianDelay: null,
      waitingCallbacks: 0,
      failingMails: 0,
      complaints: 0,
      complaintsMedianDelay: null,
      oldestWaitingMail: null,
    },
    charts: [],
  };
  const [{ value, loadError }, results] = await Promise.all([
    loadOr(app, "statistiques", () => statistics(app.db, period), empty),
    // The course pages' published results, from the same function as the pages.
    loadOr(app, "résultats publiés", () => allFormationIndicators(app.db), []),
  ]);
  return { ...value, results: results.value, loadError: loadError ?? results.loadError };
}

function Figure({ title, value, detail }: { title: string; value: string; detail?: string }) {
  return (
    <Card>
      <CardHeader className="pb-2 sm:pb-2">
        <h2 className="text-sm font-medium">{title}</h2>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold">{value}</p>
        {detail ? <p className="text-xs text-muted-foreground">{detail}</p> : null}
      </CardContent>
    </Card>
  );
}

export default function StatisticsPage({ loaderData }: Route.ComponentProps) {
  const { period, startDay, endDay, computedAt, figures, charts, results, loadError } = loaderData;
  useLoadErrorToast(loadError);
  useLiveRevalidation(LIVE, REFRESHES);
  const canBpf = useCan("bpf:read");
  const span = startDay && endDay ? `Du ${shortDay(startDay)} au ${shortDay(endDay)} (heure de Paris)` : "";
  return (
    <>
      <PageHeader
        title="Statistiques"
        description={`Demandes, délais de traitement, candidatures et remise des e-mails. ${span}`.trim()}
        actions={
          canBpf ? (
            <Link to="/admin/statistiques/bpf" className={buttonClass("outline")}>
              Bilan pédagogique et financier
            </Link>
          ) : null
        }
      />
      <div className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2">
        <nav aria-label="Période" className="flex flex-wrap gap-2">
          {PERIODS.map((p) => (
            <Link
              key={p}
              to={`?periode=${p}`}
              aria-current={p === period ? "page" : undefined}
              className={buttonClass(p === period ? "default" : "outline", "sm")}
            >
              {PERIOD_LABELS[p]}
            </Link>
          ))}
        </nav>
        {computedAt ? (
          <p className="text-sm text-muted-foreground" data-testid="computed-at">
            Chiffres à jour à <time dateTime={computedAt}>{formatClock(computedAt)}</time>
          </p>
        ) : null}
      </div>
      <div className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure title="Demandes reçues" value={String(figures.received)} detail={PERIOD_LABELS[period]} />
        <Figure title="Taux de conversion" value={figures.conversionRate} detail="Converties / reçues" />
        <Figure
          title="Délai médian avant premier contact"
          value={figures.medianDelay ?? "—"}
          detail="De la réception au premier changement de statut"
        />
        <Figure
          title="Rappels en attente depuis plus de 48 h"
          value={String(figures.waitingCallbacks)}
          detail="Encore « Nouvelle »"
        />
        <Figure
          title="Réclamations reçues"
          value={String(figures.complaints)}
          detail={`Délai médian de traitement : ${figures.complaintsMedianDelay ?? "—"}`}
        />
      </div>
      {figures.failingMails > 0 || figures.oldestWaitingMail ? (
        <p className="mb-6 text-sm" data-testid="mail-health">
          {figures.failingMails > 0 ? `${figures.failingMails} e-mail(s) en échec sur la période. ` : ""}
          {figures.oldestWaitingMail
            ? `Plus ancien e-mail non remis : créé le ${formatDateTime(figures.oldestWaitingMail.since)}.`
            : ""}
        </p>
      ) : null}
      <IndicatorsTable formations={results} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:items-start">
        {charts.map((chart) => (
          <StatChartCard key={chart.id} chart={chart} period={period} />
        ))}
      </div>
    </>
  );
}
