import { Form, Link } from "react-router";
import { useCan } from "~/features/accounts";
import { requirePermission } from "~/features/accounts/index.server";
import {
  IMPROVEMENT_ORIGIN_LABELS,
  IMPROVEMENT_REGISTER,
  IMPROVEMENT_STATE_LABELS,
  RegisterDialog,
  RegisterScreen,
} from "~/features/quality";
import {
  formationsUnderThreshold,
  getQualitySettings,
  type ImprovementRow,
  improvementAction,
  improvementRegister,
  staffOptions,
} from "~/features/quality/index.server";
import { loadOr } from "~/platform/console/action.server";
import { formatDate } from "~/platform/dates";
import { plural } from "~/platform/plural";
import { buttonClass } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { shownFrom } from "~/ui/console/list-table";
import { Td } from "~/ui/table";
import type { Route } from "./+types/quality-improvements";

export const meta: Route.MetaFunction = () => [
  { title: "Améliorations | Qualiopi | Console d'administration" },
];

const EMPTY = { actions: [] as ImprovementRow[], staff: [], underThreshold: [], threshold: 80 };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "quality:read");
  const { app } = context;
  const { value, loadError } = await loadOr(
    app,
    "actions d'amélioration",
    async () => {
      const { satisfactionThreshold: threshold } = await getQualitySettings(app.db);
      const [actions, staff, underThreshold] = await Promise.all([
        improvementRegister(app.db),
        staffOptions(app.db),
        formationsUnderThreshold(app.db, threshold),
      ]);
      return { actions, staff, underThreshold, threshold };
    },
    EMPTY,
  );
  const opened = new URL(request.url).searchParams.get("action");
  return { ...value, opened, loadError };
}

export const action = improvementAction;

const linkClass = "text-primary underline underline-offset-4";

export default function QualityImprovements({ loaderData }: Route.ComponentProps) {
  const { actions, staff, underThreshold, threshold, opened, loadError } = loaderData;
  const canWrite = useCan("quality:write");
  return (
    <RegisterScreen<ImprovementRow>
      title="Améliorations"
      description={
        "Le registre des actions d'amélioration (indicateur 32)\u00a0: d'où vient chaque action, qui la porte, pour quand, ce qu'elle a donné."
      }
      addLabel="Proposer une action d'amélioration"
      deleteQuestion={"Supprimer cette action d'amélioration\u00a0?"}
      columns={["Action", { label: "Responsable", from: "md" }, { label: "Échéance", from: "lg" }, "État"]}
      rows={actions}
      empty="Aucune action d'amélioration"
      live={["improvement_actions", "complaints"]}
      loadError={loadError}
      opened={actions.find((a) => a.id === opened) ?? null}
      subject={(a) => a.title}
      actions={
        <a href="/admin/qualiopi/ameliorations.csv" className={buttonClass("outline", "sm")} download>
          Exporter en CSV
        </a>
      }
      cells={(a) => (
        <>
          <Td>
            <p className="font-medium">{a.title}</p>
            <p className="text-xs text-muted-foreground">
              {IMPROVEMENT_ORIGIN_LABELS[a.origin]}
              {a.originRecord ? (
                <>
                  {" – "}
                  <Link to={a.originRecord.href} className={linkClass}>
                    {a.originRecord.label}
                  </Link>
                </>
              ) : null}
            </p>
            {a.result ? <p className="mt-1 line-clamp-2 text-sm whitespace-pre-line">{a.result}</p> : null}
          </Td>
          <Td className={shownFrom("md")}>{a.ownerName ?? "—"}</Td>
          <Td className={`whitespace-nowrap ${shownFrom("lg")}`}>{a.dueOn ? formatDate(a.dueOn) : "—"}</Td>
          <Td className="whitespace-nowrap" data-testid="improvement-state">
            {IMPROVEMENT_STATE_LABELS[a.state]}
          </Td>
        </>
      )}
      dialog={(row, close) => (
        <RegisterDialog
          register={IMPROVEMENT_REGISTER}
          row={row}
          staff={staff}
          defaults={{ origin: "team", state: "proposed" }}
          title={row ? "Modifier l'action d'amélioration" : "Nouvelle action d'amélioration"}
          description={
            "Son origine, ce qui sera fait, par qui et pour quand\u00a0; son résultat une fois réalisée."
          }
          onDone={close}
        />
      )}
    >
      {underThreshold.length > 0 ? (
        <Card className="mb-6">
          <CardContent>
            <h2 className="text-lg font-semibold">
              Formations sous le seuil de satisfaction ({threshold}&nbsp;%)
            </h2>
            <ul className="mt-2 divide-y divide-border" data-testid="under-threshold">
              {underThreshold.map((f) => (
                <li
                  key={f.id}
                  className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <p>
                    <Link to={`/admin/formations/${f.id}`} className={linkClass}>
                      {f.title}
                    </Link>{" "}
                    <span className="text-sm text-muted-foreground">
                      {f.rate}&nbsp;% de satisfaits en {f.year} (
                      {plural(f.answers, "réponse").replace(" ", "\u00a0")})
                    </span>
                  </p>
                  {f.proposed ? (
                    <span className="text-sm text-muted-foreground">Action déjà proposée</span>
                  ) : canWrite ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="propose" />
                      <input type="hidden" name="origin" value="survey" />
                      <input type="hidden" name="formationId" value={f.id} />
                      <button type="submit" className={buttonClass("outline", "sm")}>
                        Proposer une action d'amélioration
                        <span className="sr-only"> pour {f.title}</span>
                      </button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
    </RegisterScreen>
  );
}
