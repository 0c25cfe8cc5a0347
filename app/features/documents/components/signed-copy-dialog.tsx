import { useId } from "react";
import { ofName } from "~/platform/french";
import { FILE_SIZE_LABEL } from "~/platform/request-limits";
import { Button } from "~/ui/button";
import type { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { Dialog, DialogContent } from "~/ui/dialog";
import { DOCUMENT_NAMES } from "../types";
import type { SentDocument } from "./document-words";

/** 'Déposer la copie signée': the scan or photo the other party returned, checked by the server. */
export function SignedCopyDialog({
  document,
  name,
  fetcher,
  onClose,
}: {
  document: SentDocument;
  name: string;
  fetcher: ReturnType<typeof useAdminFetcher>;
  onClose: () => void;
}) {
  const id = useId();
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.errors?.file : undefined;
  const docName = document.kind === "contrat" ? DOCUMENT_NAMES.contrat : DOCUMENT_NAMES.convention;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent
        title="Déposer la copie signée"
        description={`Copie signée de ${docName} ${ofName(name)}${"\u00a0"}: un PDF, une image JPEG ou PNG de ${FILE_SIZE_LABEL} au plus.`}
      >
        <fetcher.Form method="post" encType="multipart/form-data" className="grid gap-4">
          <input type="hidden" name="intent" value="receive-signed" />
          <input type="hidden" name="documentId" value={document.id} />
          <div className="grid gap-1">
            <label htmlFor={`${id}-file`} className="text-sm font-medium">
              Copie signée (PDF, JPEG ou PNG)
            </label>
            <input
              id={`${id}-file`}
              name="file"
              type="file"
              required
              accept="application/pdf,image/jpeg,image/png"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="text-sm"
            />
            {error ? (
              <p id={`${id}-error`} className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              Annuler
            </Button>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Envoi..." : "Enregistrer la copie signée"}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
