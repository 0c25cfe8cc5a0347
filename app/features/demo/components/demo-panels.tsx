import { CheckCircle2, Circle, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { ADMIN_ONLY, DeniedControl, useCan } from "~/features/accounts";
import type { AdminActionResult } from "~/platform/form-schema";
import { plural } from "~/platform/plural";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Button, buttonClass } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { showToast } from "~/ui/toast/toast-area";
// Types only: erased at build, the loader's own shapes.
import type { DemoSummary, SetupStep } from "../demo.server";

const WRAPS = "h-auto min-h-9 max-w-full whitespace-normal text-left";

const REMOVE_LABEL = (
  <>
    <Trash2 aria-hidden="true" className="h-4 w-4 text-destructive" /> Supprimer les données de démonstration
  </>
);

/** '5 formations, 5 articles, 6 témoignages et l'identité du centre de démonstration'. */
function demoContents(summary: DemoSummary): string {
  const parts = [
    summary.formations ? plural(summary.formations, "formation") : "",
    summary.articles ? plural(summary.articles, "article") : "",
    summary.testimonials ? plural(summary.testimonials, "témoignage") : "",
    summary.pages ? `les textes de ${plural(summary.pages, "page")} (Pages)` : "",
    summary.centre ? "l'identité du centre de démonstration (Paramètres)" : "",
  ].filter(Boolean);
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} et ${parts.at(-1)}` : (parts[0] ?? "");
}

/**
 * 'Données de démonstration' while any remain: what is left, and the removal (administrators only,
 * after a confirmation). Mounted for the dashboard's whole life, so its toast outlives the card.
 */
export function DemoDataCard({ summary }: { summary: DemoSummary | null }) {
  const canRemove = useCan("demo:remove");
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<AdminActionResult>();
  const busy = fetcher.state !== "idle";
  // One toast per removal asked: the removal announces five tables, and the page's live refreshes
  // that follow may hand the same answer back as a new object.
  const asked = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || !asked.current) return;
    asked.current = false;
    if (fetcher.data.toast) showToast(fetcher.data.toast);
    setOpen(false);
  }, [fetcher.state, fetcher.data]);
  if (!summary) return null;
  return (
    <Card className="mb-6" data-testid="demo-data">
      <CardHeader>
        <CardTitle>Données de démonstration</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm">
          Le site contient encore des contenus fictifs du centre de démonstration : {demoContents(summary)}.
          Les pages publiques affichent « Site de démonstration » tant qu'il en reste.
        </p>
        <p className="text-sm text-muted-foreground">
          La suppression retire ces contenus et eux seuls : vos propres formations, articles, témoignages et
          demandes restent. Une formation de démonstration qui a reçu des candidatures ou des stagiaires est
          conservée.
        </p>
        {canRemove ? (
          // The long label wraps at 360 px instead of widening the page (buttons do not wrap by default).
          <Button type="button" variant="outline" className={WRAPS} onClick={() => setOpen(true)}>
            {REMOVE_LABEL}
          </Button>
        ) : (
          <DeniedControl reason={ADMIN_ONLY} className={`${buttonClass("outline")} ${WRAPS}`}>
            {REMOVE_LABEL}
          </DeniedControl>
        )}
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Supprimer les données de démonstration ?"
          description={`Seront supprimés : ${demoContents(summary)}. Vos propres contenus et les demandes reçues sont conservés. Cette action est irréversible.`}
          confirmLabel={busy ? "Suppression..." : "Supprimer"}
          busy={busy}
          onConfirm={() => {
            asked.current = true;
            fetcher.submit({ intent: "remove-demo" }, { method: "post" });
          }}
        />
      </CardContent>
    </Card>
  );
}

/** 'Mise en route': the set-up steps left, each linking to the screen where it is done. */
export function SetupChecklist({ steps }: { steps: SetupStep[] }) {
  if (steps.length === 0) return null;
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>Mise en route</CardTitle>
        <p className="text-sm text-muted-foreground">
          Quelques informations à renseigner avant d'ouvrir le site au public.
        </p>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3" aria-label="Étapes de mise en route">
          {steps.map((step) => (
            <li key={step.to} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <span className="flex items-start gap-2">
                {step.done ? (
                  <CheckCircle2 aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-success" />
                ) : (
                  <Circle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" />
                )}
                <span>
                  {step.label}
                  <span className="sr-only">{step.done ? " : fait" : " : à faire"}</span>
                </span>
              </span>
              {step.done ? null : (
                <Link to={step.to} className={`${buttonClass("outline", "sm")} ${WRAPS}`}>
                  {step.action}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
