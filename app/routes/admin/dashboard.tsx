import {
  BarChart3,
  BookOpen,
  CalendarDays,
  Euro,
  GraduationCap,
  type LucideIcon,
  MessageSquareQuote,
  UserCog,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { can } from "~/features/accounts";
import { requirePermission } from "~/features/accounts/index.server";
import { AbsenceAlertsCard } from "~/features/attendance";
import { openAbsenceAlerts } from "~/features/attendance/index.server";
import { type OutstandingTotals, outstandingTotals } from "~/features/billing/index.server";
import { formatRate, QualiopiWarning, RESULT_LABELS, resultSource } from "~/features/catalogue";
import { type DashboardData, dashboardData } from "~/features/console/index.server";
import { DemoDataCard, SetupChecklist } from "~/features/demo";
import { demoAction, demoSummary, setupChecklist } from "~/features/demo/index.server";
import { StatusBadge } from "~/features/leads";
import { qualityBoard } from "~/features/quality/index.server";
import { getCentreSettings, qualiopiStatus } from "~/features/settings/index.server";
import { ExpiringDocumentsCard } from "~/features/trainers";
import { expiringTrainerDocuments } from "~/features/trainers/index.server";
import { loadOr } from "~/platform/console/action.server";
import { formatDate, parisToday } from "~/platform/dates";
import { formatCents } from "~/platform/money";
import { plural } from "~/platform/plural";
import { readOrNull } from "~/platform/safe-read.server";
import { buttonClass } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { PageHeader } from "~/ui/console/page-header";
import type { Route } from "./+types/dashboard";

const EMPTY: DashboardData = {
  formations: { total: 0, active: 0, month: 0 },
  articles: { total: 0, published: 0, month: 0 },
  requests: { total: 0, new: 0, month: 0, today: 0 },
  testimonials: { active: 0, month: 0 },
  figures: [],
  recent: [],
};

/** '+2 ce mois-ci' from the rows created since the first of the month; nothing when none. */
const monthTrend = (n: number) => (n > 0 ? `+${n} ce mois-ci` : "Aucun ajout ce mois-ci");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context;
  const { role } = await requirePermission({ request, context }, "console:access");
  const [{ value, loadError }, settings, demo, setup, outstanding, trainerDocuments, quality, absences] =
    await Promise.all([
      loadOr(app, "données", () => dashboardData(app.db), EMPTY),
      readOrNull(app.logger, "centre settings", () => getCentreSettings(app.db)),
      readOrNull(app.logger, "demo data", () => demoSummary(app.db)),
      readOrNull(app.logger, "set-up checklist", () => setupChecklist(app.db)),
      // The encours is billing's (the console feature does not import it), and only for a role that
      // may read the invoices.
      can(role, "invoices:read")
        ? readOrNull(app.logger, "outstanding", () => outstandingTotals(app.db))
        : null,
      // Trainers' documents expired or expiring within a month (features/trainers/expiry.server.ts).
      can(role, "trainers:read")
        ? readOrNull(app.logger, "trainer documents", () => expiringTrainerDocuments(app.db))
        : null,
      // The Qualiopi board's count of proven indicators (features/quality/board.server.ts).
      can(role, "quality:read")
        ? readOrNull(app.logger, "quality board", async () => {
            const { proven, applicable } = await qualityBoard(app.db);
            return { proven, applicable };
          })
        : null,
      // Learners past an absence threshold and not followed up yet (features/attendance/absence-alerts.server.ts).
      can(role, "learners:read")
        ? readOrNull(app.logger, "absence alerts", () => openAbsenceAlerts(app.db))
        : null,
    ]);
  const qualiopi = settings ? qualiopiStatus(settings) : null;
  return {
    ...value,
    qualiopiWarning: qualiopi?.expired ? qualiopi.message : null,
    demo,
    setup: setup ?? [],
    outstanding,
    trainerDocuments: trainerDocuments ?? [],
    absenceAlerts: absences ?? [],
    quality,
    today: parisToday(),
    loadError,
  };
}

/** 'Supprimer les données de démonstration' (permission demo:remove). */
export const action = demoAction;

function Counter({
  title,
  value,
  detail,
  trend,
  to,
  icon: Icon,
}: {
  title: string;
  value: number;
  detail: string;
  trend: string;
  to: string;
  icon: LucideIcon;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between pb-2 sm:pb-2">
        <h2 className="text-sm font-medium">{title}</h2>
        <Icon aria-hidden="true" className="h-4 w-4 text-muted-foreground" />
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold">{value}</p>
        <p className="text-xs text-muted-foreground">{detail}</p>
        <p className="mt-1 text-xs text-success">{trend}</p>
        <Link to={to} className="mt-2 inline-block text-sm text-primary underline-offset-4 hover:underline">
          Voir <span className="sr-only">{title.toLowerCase()}</span>
        </Link>
      </CardContent>
    </Card>
  );
}

/** What the payers still owe, and the part of it overdue: a link to the Encours screen. */
function Outstanding({ totals }: { totals: OutstandingTotals }) {
  return (
    <Card className="mt-4" data-testid="dashboard-outstanding">
      <CardHeader className="flex-row items-center justify-between pb-2 sm:pb-2">
        <h2 className="text-sm font-medium">Encours</h2>
        <Euro aria-hidden="true" className="h-4 w-4 text-muted-foreground" />
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold tabular-nums" data-testid="dashboard-outstanding-total">
          {formatCents(totals.leftCents)}
        </p>
        <p
          className={totals.overdueCents > 0 ? "text-sm text-destructive" : "text-sm text-muted-foreground"}
          data-testid="dashboard-outstanding-overdue"
        >
          dont en retard&nbsp;: {formatCents(totals.overdueCents)}
        </p>
        <Link
          to="/admin/encours"
          className="mt-2 inline-block text-sm text-primary underline-offset-4 hover:underline"
        >
          Voir <span className="sr-only">l'encours des financeurs</span>
        </Link>
      </CardContent>
    </Card>
  );
}

const QUICK_ACTIONS = [
  { to: "/admin/formations", label: "Gérer les formations", icon: GraduationCap },
  { to: "/admin/articles", label: "Écrire un article", icon: BookOpen },
  { to: "/admin/temoignages", label: "Gérer les témoignages", icon: MessageSquareQuote },
  { to: "/admin/utilisateurs", label: "Gérer les utilisateurs", icon: UserCog },
];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const {
    formations,
    articles,
    requests,
    testimonials,
    figures,
    recent,
    qualiopiWarning,
    demo,
    setup,
    outstanding,
    trainerDocuments,
    absenceAlerts,
    quality,
    today,
    loadError,
  } = loaderData;
  useLoadErrorToast(loadError);
  return (
    <>
      <PageHeader
        title="Tableau de bord"
        description="Vue d'ensemble de l'activité du centre"
        actions={
          <>
            {/* No dead buttons: today's requests, and the report (Statistiques). */}
            <Link to="/admin/contacts?jour=aujourdhui" className={buttonClass("outline", "sm")}>
              <CalendarDays aria-hidden="true" className="h-4 w-4" /> Aujourd'hui ({requests.today})
            </Link>
            <Link to="/admin/statistiques" className={buttonClass("default", "sm")}>
              <BarChart3 aria-hidden="true" className="h-4 w-4" /> Rapport
            </Link>
          </>
        }
      />
      {qualiopiWarning ? <QualiopiWarning message={qualiopiWarning} /> : null}
      <SetupChecklist steps={setup} />
      <DemoDataCard summary={demo} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[
          {
            title: "Formations",
            value: formations.total,
            detail: plural(formations.active, "active"),
            trend: monthTrend(formations.month),
            to: "/admin/formations",
            icon: GraduationCap,
          },
          {
            title: "Articles",
            value: articles.total,
            detail: plural(articles.published, "publié"),
            trend: monthTrend(articles.month),
            to: "/admin/articles",
            icon: BookOpen,
          },
          {
            title: "Demandes",
            value: requests.total,
            detail: plural(requests.new, "nouvelle"),
            trend: monthTrend(requests.month),
            to: "/admin/contacts",
            icon: Users,
          },
          {
            title: "Témoignages",
            value: testimonials.active,
            detail: "Validés",
            trend: monthTrend(testimonials.month),
            to: "/admin/temoignages",
            icon: MessageSquareQuote,
          },
        ].map((counter) => (
          <Counter key={counter.to} {...counter} />
        ))}
      </div>
      {outstanding ? <Outstanding totals={outstanding} /> : null}
      {quality ? (
        <Card className="mt-4" data-testid="dashboard-quality">
          <CardContent className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="font-medium">
              Qualiopi&nbsp;: {quality.proven} indicateurs prouvés sur {quality.applicable}
            </p>
            <Link to="/admin/qualiopi" className="text-sm text-primary underline-offset-4 hover:underline">
              Voir le tableau Qualiopi
            </Link>
          </CardContent>
        </Card>
      ) : null}
      <ExpiringDocumentsCard documents={trainerDocuments} today={today} />
      <AbsenceAlertsCard alerts={absenceAlerts} />
      <div className="mt-6 grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Demandes récentes</CardTitle>
            <p className="text-sm text-muted-foreground">Les 5 dernières demandes de contact</p>
          </CardHeader>
          <CardContent>
            {recent.length === 0 ? (
              <p className="text-muted-foreground">Aucune demande pour le moment.</p>
            ) : (
              <ul className="divide-y divide-border" data-testid="recent-requests">
                {recent.map((r) => (
                  <li
                    key={r.id}
                    className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="min-w-0">
                      <p className="flex flex-wrap items-center gap-2 font-medium">
                        {r.firstName} {r.lastName} <StatusBadge status={r.status} />
                      </p>
                      <p className="truncate text-sm text-muted-foreground">{r.email ?? "—"}</p>
                      <p className="text-sm">{r.formationInterest ?? "Non spécifiée"}</p>
                    </div>
                    <p className="text-sm text-muted-foreground">{formatDate(r.createdAt)}</p>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <div className="flex flex-col gap-4">
          <Card>
            <CardHeader>
              <CardTitle>Actions rapides</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2">
              {QUICK_ACTIONS.map(({ to, label, icon: Icon }) => (
                <Link key={to} to={to} className={buttonClass("outline", "default", "justify-start")}>
                  <Icon aria-hidden="true" className="h-4 w-4" /> {label}
                </Link>
              ))}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Aperçu rapide</CardTitle>
            </CardHeader>
            <CardContent>
              {figures.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  Aucun résultat publié pour l’instant : les taux sont calculés à partir des stagiaires et des
                  enquêtes.
                </p>
              ) : (
                <dl className="grid gap-3" data-testid="overview">
                  {figures.map((f) => (
                    <div key={f.kind} className="flex justify-between gap-2">
                      <dt className="text-muted-foreground">
                        {RESULT_LABELS[f.kind].title}
                        <span className="block text-xs">{resultSource(f)}</span>
                      </dt>
                      <dd className="font-semibold">{formatRate(f.rate)}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </CardContent>
          </Card>
        </div>
      </div>
    </>
  );
}
