import { Download, FilePlus2 } from "lucide-react";
import { useId } from "react";
import { formatDate } from "~/platform/dates";
import { Button, buttonClass } from "~/ui/button";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { requestedDocumentHref } from "../paths";

// 'Demander un document' on a learner of Stagiaires, and the documents asked with their state: awaited
// since a day, or received (downloaded from here). The learner sends them from their personal space.

interface DocumentRequest {
  id: string;
  label: string;
  requestedAt: string | Date;
  receivedAt: string | Date | null;
  fileName: string | null;
}

export function LearnerDocumentRequests({
  learnerId,
  name,
  requests,
  canRequest,
}: {
  learnerId: string;
  name: string;
  requests: readonly DocumentRequest[];
  canRequest: boolean;
}) {
  const fetcher = useAdminFetcher();
  const busy = fetcher.state !== "idle";
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.errors?.label : undefined;
  const inputId = useId();
  return (
    <div className="mt-2 space-y-1" data-testid="document-requests">
      {requests.length ? (
        <ul className="space-y-1 text-xs">
          {requests.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-2">
              <span className="font-medium [overflow-wrap:anywhere]">{r.label}</span>
              {r.receivedAt ? (
                <>
                  <span className="text-muted-foreground">reçu le {formatDate(r.receivedAt)}</span>
                  <a
                    href={requestedDocumentHref(r.id)}
                    className={buttonClass("ghost", "sm")}
                    download
                    aria-label={`Télécharger\u00a0: ${r.label} (${name})`}
                  >
                    <Download aria-hidden="true" className="h-4 w-4" /> Télécharger
                  </a>
                </>
              ) : (
                <span className="text-muted-foreground">
                  demandé le {formatDate(r.requestedAt)}, en attente
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {canRequest ? (
        <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="request-document" />
          <input type="hidden" name="id" value={learnerId} />
          <div className="min-w-0">
            <label htmlFor={inputId} className="block text-xs text-muted-foreground">
              Document à demander à {name}
            </label>
            <input
              id={inputId}
              name="label"
              required
              maxLength={200}
              placeholder="Copie de la carte d'identité"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-erreur` : undefined}
              className="h-8 w-56 max-w-full rounded-md border border-border bg-background px-2 text-sm"
            />
            {error ? (
              <p id={`${inputId}-erreur`} className="text-xs text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <Button type="submit" variant="outline" size="sm" disabled={busy}>
            <FilePlus2 aria-hidden="true" className="h-4 w-4" /> {busy ? "Envoi…" : "Demander un document"}
          </Button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}
