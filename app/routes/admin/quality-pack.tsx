import { Download } from "lucide-react";
import { requirePermission } from "~/features/accounts/index.server";
import { defaultPackPeriod, QUALITY_PACK_STATE_LABELS } from "~/features/quality";
import { listPacks, packAction } from "~/features/quality/index.server";
import { formatDate, parisToday } from "~/platform/dates";
import { formatDateTime } from "~/platform/paris-time";
import { useLiveRevalidation } from "~/platform/use-live";
import { Button, buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { PageHeader } from "~/ui/console/page-header";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { useConfirmDelete } from "~/ui/console/use-confirm-delete";
import { TextField } from "~/ui/field";
import type { Route } from "./+types/quality-pack";

export const meta: Route.MetaFunction = () => [
  { title: "Dossier de preuves Qualiopi | Console d'administration" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission({ request, context }, "quality:read");
  return { packs: await listPacks(context.app.db), period: defaultPackPeriod(parisToday()) };
}

export const action = packAction;

const LIVE = ["quality_packs"] as const;

type Pack = Route.ComponentProps["loaderData"]["packs"][number];

/** '12,4 Mo', '830 Ko'. */
function sizeText(bytes: number): string {
  if (bytes < 2 ** 20) return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("fr-FR")}\u00a0Ko`;
  return `${(bytes / 2 ** 20).toLocaleString("fr-FR", { maximumFractionDigits: 1 })}\u00a0Mo`;
}

const periodOf = (p: Pick<Pack, "periodFrom" | "periodTo">) =>
  `du ${formatDate(`${p.periodFrom}T12:00:00Z`)} au ${formatDate(`${p.periodTo}T12:00:00Z`)}`;

function PackRow({ pack, onDelete }: { pack: Pack; onDelete: (id: string) => void }) {
  const busy = pack.state === "queued" || pack.state === "running";
  return (
    <li className="space-y-2 rounded-md border p-4" data-testid="quality-pack">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">Dossier {periodOf(pack)}</h3>
        <span className="text-sm text-muted-foreground">{QUALITY_PACK_STATE_LABELS[pack.state]}</span>
      </div>
      <p className="text-sm text-muted-foreground">
        Demandé le {formatDateTime(pack.createdAt)}
        {pack.requestedBy ? ` par ${pack.requestedBy}` : ""}
        {pack.state === "done" && pack.finishedAt ? `, prêt le ${formatDateTime(pack.finishedAt)}` : ""}
        {pack.byteSize ? ` (${sizeText(pack.byteSize)})` : ""}
      </p>
      {busy ? (
        <div role="status" data-testid="pack-progress" className="space-y-1">
          <p className="text-sm">
            {pack.state === "queued"
              ? "Préparation demandée…"
              : `Préparation en cours\u00a0: ${pack.doneSteps} fichier(s) sur ${pack.totalSteps || "…"}`}
          </p>
          <progress
            className="h-2 w-full max-w-md"
            max={Math.max(pack.totalSteps, 1)}
            value={pack.doneSteps}
            aria-label="Avancement du dossier"
          />
        </div>
      ) : null}
      {pack.state === "failed" ? <p className="text-sm text-destructive">{pack.error}</p> : null}
      {busy ? null : (
        <div className="flex flex-wrap gap-2">
          {pack.state === "done" ? (
            <a
              href={`/admin/qualiopi/dossier/${pack.id}.zip`}
              className={cn(buttonClass("default"), "h-auto min-h-9 whitespace-normal")}
              download
            >
              <Download aria-hidden="true" className="h-4 w-4" /> Télécharger
            </a>
          ) : null}
          <Button type="button" variant="outline" onClick={() => onDelete(pack.id)}>
            Supprimer
          </Button>
        </div>
      )}
    </li>
  );
}

export default function QualityPack({ loaderData }: Route.ComponentProps) {
  const { packs, period } = loaderData;
  useLiveRevalidation(LIVE);
  const fetcher = useAdminFetcher();
  const errors = fetcher.data?.errors;
  const remove = useConfirmDelete({ question: "Supprimer ce dossier de preuves\u202f?" });
  return (
    <>
      <PageHeader
        title="Dossier de preuves Qualiopi"
        description="Une archive ZIP pour l'auditeur : un dossier par indicateur, avec les documents que l'outil produit pour les sessions de la période, et un sommaire en PDF"
      />
      <fetcher.Form
        method="post"
        className="mb-6 flex flex-wrap items-start gap-3"
        aria-label="Préparer le dossier"
      >
        <input type="hidden" name="intent" value="prepare" />
        <div className="w-44">
          <TextField
            form="pack"
            name="from"
            label="Du"
            type="date"
            defaultValue={period.from}
            errors={errors}
          />
        </div>
        <div className="w-44">
          <TextField form="pack" name="to" label="Au" type="date" defaultValue={period.to} errors={errors} />
        </div>
        <Button type="submit" className="mt-8" disabled={fetcher.state !== "idle"}>
          Préparer le dossier
        </Button>
      </fetcher.Form>
      <p className="mb-6 max-w-prose text-sm text-muted-foreground">
        Le dossier se prépare en arrière-plan : vous pouvez quitter la page et revenir le télécharger. Il
        contient des données personnelles (conventions, attestations, feuilles d'émargement) : ne le
        transmettez qu'à l'auditeur.
      </p>
      <h2 className="mb-3 text-lg font-semibold">Dossiers préparés</h2>
      {packs.length ? (
        <ul className="grid gap-3">
          {packs.map((pack) => (
            <PackRow key={pack.id} pack={pack} onDelete={remove.ask} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Aucun dossier préparé pour l'instant.</p>
      )}
      {remove.dialog}
    </>
  );
}
