import { Eraser } from "lucide-react";
import { useEffect, useState } from "react";
import { ADMIN_ONLY, DeniedControl, useCan } from "~/features/accounts";
import { Button, buttonClass } from "~/ui/button";
import { SelectField, TextAreaField } from "~/ui/console/form-fields";
import { IntentForm, useIntentPost } from "~/ui/console/intent-form";
import { useConfirmDelete } from "~/ui/console/use-confirm-delete";
import { COMPLAINT_FIELD_LABELS } from "../complaint-entity";
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
  const post = useIntentPost();
  return (
    <IntentForm
      post={post}
      intent="status"
      id={id}
      label="Changer le statut"
      submit={{ label: "Enregistrer le statut", disabled: disabled || next === status }}
    >
      <SelectField
        form="complaint-status"
        name="status"
        label={COMPLAINT_FIELD_LABELS.status}
        errors={post.errors}
        options={STATUS_OPTIONS}
        value={next}
        onChange={(e) => setNext(e.target.value as ComplaintStatus)}
        disabled={disabled}
      />
    </IntentForm>
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
  const post = useIntentPost((result) => {
    if (result.ok) setText("");
  });
  return (
    <IntentForm
      post={post}
      intent="reply"
      id={id}
      label="Répondre à l'auteur"
      submit={{ label: "Envoyer la réponse", busyLabel: "Envoi...", disabled }}
    >
      <TextAreaField
        form="complaint-reply"
        name="text"
        label={COMPLAINT_FIELD_LABELS.reply}
        hint={`Envoyée par e-mail sous l'objet « Réponse à votre réclamation ${reference} », avec la signature du centre.`}
        errors={post.errors}
        maxLength={REPLY_MAX}
        rows={6}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={disabled}
      />
    </IntentForm>
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
  const post = useIntentPost();
  return (
    <IntentForm
      post={post}
      intent="corrective-action"
      id={id}
      label="Décider l'action corrective"
      submit={{ label: "Enregistrer l'action corrective", variant: "outline", disabled }}
    >
      <TextAreaField
        form="complaint-action"
        name="correctiveAction"
        label={COMPLAINT_FIELD_LABELS.correctiveAction}
        hint="Ce que le centre change pour que cela ne se reproduise pas."
        errors={post.errors}
        maxLength={ACTION_MAX}
        rows={4}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={disabled}
      />
    </IntentForm>
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
