import { Link } from "react-router";
import { useCan } from "~/features/accounts";
import { requirePermission } from "~/features/accounts/index.server";
import {
  CRITERIA,
  INDICATOR_STATE_LABELS,
  type IndicatorRow,
  type IndicatorState,
  QualityAnswersForm,
} from "~/features/quality";
import {
  DEFAULT_QUALITY_SETTINGS,
  type QualityBoard,
  qualityBoard,
  qualityBoardAction,
} from "~/features/quality/index.server";
import { loadOr } from "~/platform/console/action.server";
import { useLiveRevalidation } from "~/platform/use-live";
import { Badge, type BadgeVariant } from "~/ui/badge";
import { buttonClass } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { useLoadErrorToast } from "~/ui/console/form-fields";
import { PageHeader } from "~/ui/console/page-header";
import type { Route } from "./+types/quality";

export const meta: Route.MetaFunction = () => [{ title: "Qualiopi | Console d'administration" }];

const EMPTY: QualityBoard = {
  rows: [],
  proven: 0,
  applicable: 0,
  scopes: [],
  settings: DEFAULT_QUALITY_SETTINGS,
  catalogueCertifying: false,
  apprenticeship: false,
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "quality:read");
  const { app } = context;
  const { value, loadError } = await loadOr(app, "indicateurs Qualiopi", () => qualityBoard(app.db), EMPTY);
  return { board: value, loadError };
}

export const action = qualityBoardAction;

const LIVE = ["quality_settings", "improvement_actions", "watch_entries", "disability_partners"] as const;

const STATE_BADGE: Record<IndicatorState, BadgeVariant> = {
  proven: "success",
  incomplete: "destructive",
  not_applicable: "outline",
};

const linkClass = "text-primary underline underline-offset-4";

function IndicatorItem({ row }: { row: IndicatorRow }) {
  return (
    <li className="grid gap-2 py-4" data-testid={`indicator-${row.number}`}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <h3 className="font-medium">
          <span className="mr-2 tabular-nums">{row.number}.</span>
          {row.wording}
        </h3>
        <Badge
          variant={STATE_BADGE[row.state]}
          className="self-start whitespace-nowrap"
          data-testid="indicator-state"
        >
          {INDICATOR_STATE_LABELS[row.state]}
        </Badge>
      </div>
      {row.evidence.length > 0 ? (
        <ul className="grid gap-1 text-sm text-muted-foreground">
          {row.evidence.map((e) => (
            <li key={e.text}>
              {e.href ? (
                <Link to={e.href} className={linkClass}>
                  {e.text}
                </Link>
              ) : (
                e.text
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {row.missing ? (
        <p className="text-sm" data-testid="indicator-missing">
          {row.missing}{" "}
          {row.fix ? (
            <Link to={row.fix.href} className={linkClass}>
              {row.fix.label}
              <span className="sr-only"> (indicateur {row.number})</span>
            </Link>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}

export default function AdminQuality({ loaderData }: Route.ComponentProps) {
  const { board, loadError } = loaderData;
  useLoadErrorToast(loadError);
  useLiveRevalidation(LIVE);
  const canWrite = useCan("quality:write");
  return (
    <>
      <PageHeader
        title="Qualiopi"
        description={
          "Les 32 indicateurs du référentiel national qualité\u00a0: ce que l'outil prouve, ce qui reste à compléter."
        }
        actions={
          <>
            <Link to="/admin/qualiopi/ameliorations" className={buttonClass("outline", "sm")}>
              Améliorations
            </Link>
            <Link to="/admin/qualiopi/veille" className={buttonClass("outline", "sm")}>
              Veille
            </Link>
            <Link to="/admin/qualiopi/partenaires-handicap" className={buttonClass("outline", "sm")}>
              Partenaires handicap
            </Link>
            <Link to="/admin/qualiopi/dossier" className={buttonClass("outline", "sm")}>
              Dossier de preuves
            </Link>
          </>
        }
      />
      <Card className="mb-6">
        <CardContent className="grid gap-4">
          <p className="text-lg font-semibold" data-testid="quality-proven">
            {board.proven} indicateurs prouvés sur {board.applicable}
          </p>
          <QualityAnswersForm board={board} disabled={!canWrite} />
        </CardContent>
      </Card>
      <div className="grid gap-6">
        {CRITERIA.map((criterion) => (
          <Card key={criterion.number}>
            <CardContent>
              <h2 className="text-lg font-semibold">
                Critère {criterion.number}&nbsp;: {criterion.title}
              </h2>
              <ul className="divide-y divide-border">
                {board.rows
                  .filter((r) => r.criterion === criterion.number)
                  .map((row) => (
                    <IndicatorItem key={row.number} row={row} />
                  ))}
              </ul>
            </CardContent>
          </Card>
        ))}
      </div>
    </>
  );
}
