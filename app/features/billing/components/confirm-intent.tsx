import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Button, type ButtonVariant } from "~/ui/button";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";

/**
 * Why the button's action must wait, checked when it is pressed (edits not saved yet): the dialog then
 * says so and its button does `instead` (save them) rather than the action.
 */
export interface NotYet {
  title: string;
  description: string;
  confirmLabel: string;
  instead: () => void;
}

/**
 * A record's button whose action cannot be taken back (issue an invoice, send a quote, delete a
 * draft): it asks first, then posts `intent` with the record's `id`; the dialog stays until the
 * server has answered, and the answer's toast shows.
 */
export function ConfirmIntentButton({
  intent,
  id,
  label,
  question,
  description,
  confirmLabel,
  busyLabel,
  variant = "outline",
  notYet,
  children,
}: {
  intent: string;
  id: string;
  /** The button's words. */
  label: string;
  question: string;
  description?: string;
  confirmLabel: string;
  busyLabel: string;
  variant?: ButtonVariant;
  /** Asked when pressed: a reason to wait (unsaved edits) and what to do instead, or null to go on. */
  notYet?: () => NotYet | null;
  /** An icon before the words. */
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [waiting, setWaiting] = useState<NotYet | null>(null);
  const fetcher = useAdminFetcher(() => setOpen(false));
  const busy = fetcher.state !== "idle";
  const press = () => {
    setWaiting(notYet?.() ?? null);
    setOpen(true);
  };
  return (
    <>
      <Button variant={variant} onClick={press} disabled={busy}>
        {children}
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={waiting ? waiting.title : question}
        description={waiting ? waiting.description : description}
        confirmLabel={waiting ? waiting.confirmLabel : busy ? busyLabel : confirmLabel}
        tone={waiting ? "default" : undefined}
        busy={busy}
        onConfirm={() => {
          if (!waiting) return fetcher.submit({ intent, id }, { method: "post" });
          setOpen(false);
          waiting.instead();
        }}
      />
    </>
  );
}
