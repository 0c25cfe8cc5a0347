import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Button, type ButtonVariant } from "~/ui/button";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";

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
  /** An icon before the words. */
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const fetcher = useAdminFetcher(() => setOpen(false));
  const busy = fetcher.state !== "idle";
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)} disabled={busy}>
        {children}
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={question}
        description={description}
        confirmLabel={busy ? busyLabel : confirmLabel}
        busy={busy}
        onConfirm={() => fetcher.submit({ intent, id }, { method: "post" })}
      />
    </>
  );
}
