import { Trash2 } from "lucide-react";
import { ADMIN_ONLY, DeniedControl } from "~/features/accounts";
import { CERTIFICATE_PATH } from "~/features/settings/centre";
import { formatDateTime } from "~/platform/paris-time";
import { FILE_SIZE_LABEL } from "~/platform/request-limits";
import { Button, buttonClass } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { useConfirmDelete } from "~/ui/console/use-confirm-delete";
import { Input, Label } from "~/ui/input";
import { FORM } from "./settings-section";

/** The Qualiopi certificate's PDF: uploaded, replaced or removed, and whether the site shows it. */
export function CertificateCard({
  canEdit,
  shown,
  file,
}: {
  canEdit: boolean;
  shown: boolean;
  file: { fileName: string; size: number; uploadedAt: Date | string } | null;
}) {
  const fetcher = useAdminFetcher();
  const error = fetcher.data?.errors?.certificate;
  // A withdrawn certification or a wrong file: removed, not only replaced. Posted with the row's id.
  const remove = useConfirmDelete({
    intent: "delete-certificate",
    question: "Supprimer le certificat Qualiopi ?",
    description: `Le fichier${file ? ` « ${file.fileName} »` : ""} sera supprimé et la mention « Certifié Qualiopi » disparaîtra aussitôt du pied de page et de la page Notre centre. Vous pourrez envoyer un nouveau certificat ensuite.`,
  });
  const removeLabel = (
    <>
      <Trash2 aria-hidden="true" className="h-4 w-4 text-destructive" /> Supprimer le certificat
    </>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle id={`${FORM}-certificat`} className="text-lg">
          Certificat Qualiopi (PDF)
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-muted-foreground">
          {file
            ? `Fichier actuel : ${file.fileName} (${Math.max(1, Math.round(file.size / 1024))} Ko), envoyé le ${formatDateTime(file.uploadedAt)}.`
            : "Aucun certificat envoyé : la mention Qualiopi n'apparaît pas sur le site."}
          {file && shown ? (
            <>
              {" "}
              <a className="text-primary underline" href={CERTIFICATE_PATH}>
                Télécharger
              </a>
            </>
          ) : null}
          {file && !shown
            ? " La mention Qualiopi n'apparaît pas sur le site : il y faut une date de validité non dépassée et au moins une catégorie d'actions cochée."
            : null}
        </p>
        {file ? (
          canEdit ? (
            <Button type="button" variant="outline" onClick={() => remove.ask("1")}>
              {removeLabel}
            </Button>
          ) : (
            <DeniedControl reason={ADMIN_ONLY} className={buttonClass("outline")}>
              {removeLabel}
            </DeniedControl>
          )
        ) : null}
        {remove.dialog}
        <fetcher.Form method="post" encType="multipart/form-data" className="space-y-3">
          <input type="hidden" name="intent" value="certificate" />
          <div className="space-y-2">
            <Label htmlFor={`${FORM}-certificate`}>Nouveau certificat (PDF, {FILE_SIZE_LABEL} maximum)</Label>
            <Input
              id={`${FORM}-certificate`}
              name="certificate"
              type="file"
              accept="application/pdf,.pdf"
              disabled={!canEdit}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${FORM}-certificate-error` : undefined}
              className="h-auto"
            />
            {error ? (
              <p id={`${FORM}-certificate-error`} className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          {canEdit ? (
            <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
              Envoyer le certificat
            </Button>
          ) : (
            <DeniedControl reason={ADMIN_ONLY} className={buttonClass("outline")}>
              Envoyer le certificat
            </DeniedControl>
          )}
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
