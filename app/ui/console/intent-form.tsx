import type { ReactNode } from "react";
import type { AdminActionResult } from "~/platform/form-schema";
import { Button, type ButtonVariant } from "~/ui/button";
import { useAdminFetcher } from "./use-admin-fetcher";

/**
 * The fetcher of a small form on a record's page, with the field errors of its last refused post
 * and whether a post is under way. `onResult` runs once per answer (to clear a sent note).
 */
export function useIntentPost(onResult?: (result: AdminActionResult) => void) {
  const fetcher = useAdminFetcher(onResult);
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  return { fetcher, errors, busy: fetcher.state !== "idle" };
}

export type IntentPost = ReturnType<typeof useIntentPost>;

/**
 * A form on a record's page that posts one intent about one record (a status, a note, a reply):
 * the intent and the record's id travel hidden, the fields come as children, and the submit button
 * below them waits while a post is under way, so one click is never sent twice.
 */
export function IntentForm({
  post,
  intent,
  id,
  idName = "id",
  label,
  className = "grid gap-3",
  submit,
  children,
}: {
  post: IntentPost;
  intent: string;
  /** The record the intent is about, posted as `idName`. */
  id?: string;
  idName?: string;
  /** The form's accessible name. */
  label: string;
  className?: string;
  submit: { label: string; busyLabel?: string; variant?: ButtonVariant; disabled?: boolean };
  children: ReactNode;
}) {
  const { fetcher, busy } = post;
  return (
    <fetcher.Form method="post" className={className} aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      {id === undefined ? null : <input type="hidden" name={idName} value={id} />}
      {children}
      <div>
        <Button type="submit" variant={submit.variant} disabled={submit.disabled || busy}>
          {busy && submit.busyLabel ? submit.busyLabel : submit.label}
        </Button>
      </div>
    </fetcher.Form>
  );
}
