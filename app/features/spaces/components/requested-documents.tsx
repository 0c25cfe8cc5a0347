import { CheckCircle2, Upload } from "lucide-react";
import { useActionData, useFetcher } from "react-router";
import { formatDate } from "~/platform/dates";
import { FILE_SIZE_LABEL } from "~/platform/request-limits";
import { Button } from "~/ui/button";
import { useToast } from "~/ui/toast/use-toast";
import type { LearnerSpaceResult } from "../learner-space-actions.server";

// 'Documents à transmettre' in the learner's file: what the centre asked for, each sent once from here.

interface Requested {
  id: string;
  label: string;
  requestedAt: Date | string;
  receivedAt: Date | string | null;
  fileName: string | null;
}

/** One awaited document: its own form, its own message. */
function SendDocument({ request }: { request: Requested }) {
  const fetcher = useFetcher<LearnerSpaceResult>();
  // Without JavaScript the form posts the page: its answer comes as the page's action data.
  const page = useActionData<LearnerSpaceResult>();
  const posted = fetcher.data ?? page;
  const result = posted?.intent === "send-document" && posted.target === request.id ? posted : undefined;
  useToast(fetcher.data ? result?.toast : undefined);
  const busy = fetcher.state !== "idle";
  const inputId = `piece-${request.id}`;
  const error = result && !result.ok ? (result.errors?.file ?? result.toast.description) : undefined;
  return (
    <fetcher.Form method="post" encType="multipart/form-data" className="mt-2 space-y-2">
      <input type="hidden" name="intent" value="send-document" />
      <input type="hidden" name="id" value={request.id} />
      <label htmlFor={inputId} className="block text-sm font-medium">
        Fichier{"\u00a0"}: {request.label}
      </label>
      <input
        id={inputId}
        name="file"
        type="file"
        required
        accept=".pdf,.doc,.docx,.odt,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.oasis.opendocument.text"
        aria-describedby={`${inputId}-aide${error ? ` ${inputId}-erreur` : ""}`}
        aria-invalid={error ? true : undefined}
        className="block w-full max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-background file:px-3 file:py-1.5"
      />
      <p id={`${inputId}-aide`} className="text-xs text-muted-foreground">
        PDF, Word ou OpenDocument, {FILE_SIZE_LABEL} au plus.
      </p>
      {error ? (
        <p id={`${inputId}-erreur`} className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="sm" disabled={busy} aria-label={`Envoyer\u00a0: ${request.label}`}>
        <Upload aria-hidden="true" className="h-4 w-4" /> {busy ? "Envoi…" : "Envoyer"}
      </Button>
    </fetcher.Form>
  );
}

export function RequestedDocuments({ requested }: { requested: readonly Requested[] }) {
  if (requested.length === 0) return null;
  return (
    <section aria-labelledby="pieces" className="space-y-2" data-testid="requested-documents">
      <h2 id="pieces" className="text-lg font-semibold">
        Documents à transmettre
      </h2>
      <ul className="divide-y divide-border rounded-xl border border-border">
        {requested.map((request) => (
          <li key={request.id} className="p-3">
            <p className="font-medium [overflow-wrap:anywhere]">{request.label}</p>
            {request.receivedAt ? (
              <p className="flex items-center gap-1 text-sm text-muted-foreground">
                <CheckCircle2 aria-hidden="true" className="h-4 w-4 text-primary" /> Reçu le{" "}
                {formatDate(request.receivedAt)}
                {request.fileName ? ` (${request.fileName})` : ""}
              </p>
            ) : (
              <>
                <p className="text-xs text-muted-foreground">
                  Demandé le {formatDate(request.requestedAt)}, en attente
                </p>
                <SendDocument request={request} />
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
