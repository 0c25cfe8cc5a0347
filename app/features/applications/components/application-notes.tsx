import { useState } from "react";
import { NOTE_MAX } from "~/features/applications/console-schema";
import { formatDateTime } from "~/platform/paris-time";
import { Button } from "~/ui/button";
import { TextAreaField } from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";

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
  const fetcher = useAdminFetcher((result) => {
    if (result.ok) setBody("");
  });
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <>
      {canWrite ? (
        <fetcher.Form method="post" className="mb-4 grid gap-3" aria-label="Ajouter une note">
          <input type="hidden" name="intent" value="note" />
          <input type="hidden" name="id" value={id} />
          <TextAreaField
            form="note"
            name="body"
            label="Nouvelle note"
            hint="Visible de l'équipe seulement, jamais envoyée au candidat."
            errors={errors}
            maxLength={NOTE_MAX}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
          <div>
            <Button type="submit" variant="outline" disabled={busy}>
              {busy ? "Ajout..." : "Ajouter la note"}
            </Button>
          </div>
        </fetcher.Form>
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
