import { useState } from "react";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { useAdminFetcher } from "./use-admin-fetcher";

/**
 * One confirmation dialog for a whole list: `ask(id)` opens it with the « Êtes-vous sûr… » question, and
 * confirming posts intent=delete (or `intent`) with that id.
 */
export function useConfirmDelete({
  question,
  intent = "delete",
  confirmLabel = "Supprimer",
  description,
}: {
  question: string;
  intent?: string;
  confirmLabel?: string;
  description?: string;
}) {
  const [target, setTarget] = useState<string | null>(null);
  const fetcher = useAdminFetcher(() => setTarget(null));
  const busy = fetcher.state !== "idle";
  const dialog = (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) setTarget(null);
      }}
      title={question}
      description={description}
      confirmLabel={busy ? "Suppression..." : confirmLabel}
      busy={busy}
      onConfirm={() => {
        if (target) fetcher.submit({ intent, id: target }, { method: "post" });
      }}
    />
  );
  return { ask: setTarget, dialog };
}
