import { AlertDialog as A } from "radix-ui";
import type { ReactNode } from "react";
import { buttonClass } from "./button";

/**
 * A confirmation that must be answered: focus goes to 'Annuler', Escape cancels, and screen
 * readers announce it as an alert dialog.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = "Supprimer",
  onConfirm,
  busy,
  tone = "destructive",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel?: string;
  onConfirm: () => void;
  busy?: boolean;
  /** How the confirming button looks: red for what cannot be undone, plain for an ordinary act (a send). */
  tone?: "destructive" | "default";
}) {
  return (
    <A.Root open={open} onOpenChange={onOpenChange}>
      <A.Portal>
        <A.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <A.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-border bg-background p-6 shadow-lg">
          <A.Title className="text-lg font-semibold">{title}</A.Title>
          {description ? (
            <A.Description className="mt-2 text-sm text-muted-foreground">{description}</A.Description>
          ) : (
            <A.Description className="sr-only">Cette action est définitive.</A.Description>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <A.Cancel className={buttonClass("outline")}>Annuler</A.Cancel>
            <A.Action
              className={buttonClass(tone)}
              disabled={busy}
              onClick={(event) => {
                // The dialog closes once the action has answered, not before.
                event.preventDefault();
                onConfirm();
              }}
            >
              {confirmLabel}
            </A.Action>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}
