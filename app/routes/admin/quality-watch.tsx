import { requirePermission } from "~/features/accounts/index.server";
import {
  RegisterDialog,
  RegisterScreen,
  WATCH_KIND_INDICATORS,
  WATCH_KIND_LABELS,
  WATCH_REGISTER,
} from "~/features/quality";
import type { WatchEntry } from "~/features/quality/index.server";
import { loadRegister, watchAction, watchRegister } from "~/features/quality/index.server";
import { formatDate, parisToday } from "~/platform/dates";
import { shownFrom } from "~/ui/console/list-table";
import { Td } from "~/ui/table";
import type { Route } from "./+types/quality-watch";

export const meta: Route.MetaFunction = () => [{ title: "Veille | Qualiopi | Console d'administration" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "quality:read");
  const { rows, loadError } = await loadRegister(context.app, "entrées de veille", watchRegister);
  return { entries: rows, loadError };
}

export const action = watchAction;

export default function QualityWatch({ loaderData }: Route.ComponentProps) {
  const { entries, loadError } = loaderData;
  return (
    <RegisterScreen<WatchEntry>
      title="Veille"
      description={
        "Le registre de veille (indicateurs 23, 24 et 25)\u00a0: ce que le centre a lu ou appris, où, et ce que cela change pour lui."
      }
      addLabel="Ajouter une veille"
      deleteQuestion={"Supprimer cette entrée de veille\u00a0?"}
      columns={["Date", "Type", { label: "Source", from: "md" }, "Résumé"]}
      rows={entries}
      empty="Aucune veille notée"
      live={["watch_entries"]}
      loadError={loadError}
      subject={(e) => `la veille du ${formatDate(e.seenOn)}`}
      cells={(e) => (
        <>
          <Td className="whitespace-nowrap">{formatDate(e.seenOn)}</Td>
          <Td>
            {WATCH_KIND_LABELS[e.kind]}
            <span className="block text-xs text-muted-foreground">
              Indicateur {WATCH_KIND_INDICATORS[e.kind]}
            </span>
          </Td>
          <Td className={shownFrom("md")}>{e.source}</Td>
          <Td>
            <p className="line-clamp-3 whitespace-pre-line">{e.summary}</p>
          </Td>
        </>
      )}
      dialog={(row, close) => (
        <RegisterDialog
          register={WATCH_REGISTER}
          row={row}
          defaults={{ seenOn: parisToday(), kind: "legal" }}
          title={row ? "Modifier la veille" : "Nouvelle veille"}
          description="Ce que vous avez lu ou appris, sa source, et ce que cela change pour le centre."
          onDone={close}
        />
      )}
    />
  );
}
