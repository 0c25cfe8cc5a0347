import { useEffect, useState } from "react";
import { Button } from "~/ui/button";
import { SelectField, TextAreaField } from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { ACTION_MAX, REPLY_MAX } from "../console-schema";
import { COMPLAINT_STATUS_LABELS, COMPLAINT_STATUSES, type ComplaintStatus } from "../statuses";

const STATUS_OPTIONS = COMPLAINT_STATUSES.map((s) => ({ value: s, label: COMPLAINT_STATUS_LABELS[s] }));

/** The complaint's status: 'Reçue', 'En cours', 'Traitée', 'Close'. */
export function ComplaintStatusForm({
  id,
  status,
  disabled,
}: {
  id: string;
  status: ComplaintStatus;
  disabled: boolean;
}) {
  const [next, setNext] = useState<ComplaintStatus>(status);
  // A change saved here or by a colleague (the page follows live) becomes the starting point.
  useEffect(() => setNext(status), [status]);
  const fetcher = useAdminFetcher();
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  return (
    <fetcher.Form method="post" className="grid gap-3" aria-label="Changer le statut">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={id} />
      <SelectField
        form="complaint-status"
        name="status"
        label="Statut"
        errors={errors}
        options={STATUS_OPTIONS}
        value={next}
        onChange={(e) => setNext(e.target.value as ComplaintStatus)}
        disabled={disabled}
      />
      <div>
        <Button type="submit" disabled={disabled || next === status || fetcher.state !== "idle"}>
          Enregistrer le statut
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** The reply to the author, sent by e-mail (queued) and kept in the history with its date. */
export function ComplaintReplyForm({
  id,
  reference,
  disabled,
}: {
  id: string;
  reference: string;
  disabled: boolean;
}) {
  const [text, setText] = useState("");
  const fetcher = useAdminFetcher((result) => {
    if (result.ok) setText("");
  });
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="grid gap-3" aria-label="Répondre à l'auteur">
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="id" value={id} />
      <TextAreaField
        form="complaint-reply"
        name="text"
        label="Réponse à l'auteur"
        hint={`Envoyée par e-mail sous l'objet « Réponse à votre réclamation ${reference} », avec la signature du centre.`}
        errors={errors}
        maxLength={REPLY_MAX}
        rows={6}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={disabled}
      />
      <div>
        <Button type="submit" disabled={disabled || busy}>
          {busy ? "Envoi..." : "Envoyer la réponse"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** The corrective action decided (blank: none yet). */
export function CorrectiveActionForm({
  id,
  value,
  disabled,
}: {
  id: string;
  value: string | null;
  disabled: boolean;
}) {
  const [text, setText] = useState(value ?? "");
  useEffect(() => setText(value ?? ""), [value]);
  const fetcher = useAdminFetcher();
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  return (
    <fetcher.Form method="post" className="grid gap-3" aria-label="Action corrective">
      <input type="hidden" name="intent" value="corrective-action" />
      <input type="hidden" name="id" value={id} />
      <TextAreaField
        form="complaint-action"
        name="correctiveAction"
        label="Action corrective décidée"
        hint="Ce que le centre change pour que cela ne se reproduise pas."
        errors={errors}
        maxLength={ACTION_MAX}
        rows={4}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={disabled}
      />
      <div>
        <Button type="submit" variant="outline" disabled={disabled || fetcher.state !== "idle"}>
          Enregistrer l'action corrective
        </Button>
      </div>
    </fetcher.Form>
  );
}
