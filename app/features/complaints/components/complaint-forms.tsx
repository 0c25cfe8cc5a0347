import { Eraser } from "lucide-react";
import { useEffect, useState } from "react";
import { ADMIN_ONLY, DeniedControl, useCan } from "~/features/accounts";
import { Button, buttonClass } from "~/ui/button";
import { SelectField, TextAreaField } from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { useConfirmDelete } from "~/ui/console/use-confirm-delete";
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

const ERASE_LABEL = (
  <>
    <Eraser aria-hidden="true" className="h-4 w-4 text-destructive" /> Effacer les données personnelles
  </>
);

/**
 * GDPR erasure of the author's personal data, after a confirmation: administrators only, others see
 * the control disabled with the reason. The register entry stays, so the page stays too.
 */
export function EraseComplaintData({ id }: { id: string }) {
  const canErase = useCan("complaints:erase");
  const erase = useConfirmDelete({
    intent: "erase",
    question: "Effacer les données personnelles de cette réclamation ?",
    description:
      "Droit à l'effacement (RGPD) : le nom, l'e-mail, le téléphone et la structure de l'auteur, le texte de la réclamation, celui des réponses et les e-mails envoyés seront supprimés. La réclamation reste au registre (référence, catégorie, dates, statut, action corrective). Cette action est irréversible.",
    confirmLabel: "Effacer",
  });
  if (!canErase) {
    return (
      <DeniedControl reason={ADMIN_ONLY} className={buttonClass("outline")}>
        {ERASE_LABEL}
      </DeniedControl>
    );
  }
  return (
    <>
      <Button variant="outline" onClick={() => erase.ask(id)}>
        {ERASE_LABEL}
      </Button>
      {erase.dialog}
    </>
  );
}
