import { useState } from "react";
import { NOTE_MAX } from "~/features/applications/console-schema";
import { formatDateTime } from "~/platform/paris-time";
import { TextAreaField } from "~/ui/console/form-fields";
import { IntentForm, useIntentPost } from "~/ui/console/intent-form";

export interface ApplicationNote {
  id: string;
  body: string | null;
  actorEmail: string | null;
  createdAt: string | Date;
}

/** Staff's internal notes on an application, newest first, and the form that adds one. */
export function ApplicationNotes({
  id,
  notes,
  canWrite,
}: {
  id: string;
  notes: ApplicationNote[];
  canWrite: boolean;
}) {
  const [body, setBody] = useState("");
  const post = useIntentPost((result) => {
    if (result.ok) setBody("");
  });
  return (
    <>
      {canWrite ? (
        <IntentForm
          post={post}
          intent="note"
          id={id}
          label="Ajouter une note"
          className="mb-4 grid gap-3"
          submit={{ label: "Ajouter la note", busyLabel: "Ajout...", variant: "outline" }}
        >
          <TextAreaField
            form="note"
            name="body"
            label="Nouvelle note"
            hint="Visible de l'équipe seulement, jamais envoyée au candidat."
            errors={post.errors}
            maxLength={NOTE_MAX}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
        </IntentForm>
      ) : null}
      {notes.length ? (
        <ol className="grid gap-3" data-testid="notes">
          {notes.map((n) => (
            <li key={n.id} className="rounded-md bg-muted p-3">
              <p className="text-xs text-muted-foreground">
                {n.actorEmail ?? "Un compte supprimé"} – {formatDateTime(n.createdAt)}
              </p>
              <p className="whitespace-pre-wrap break-words">{n.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-muted-foreground">Aucune note pour l'instant</p>
      )}
    </>
  );
}
