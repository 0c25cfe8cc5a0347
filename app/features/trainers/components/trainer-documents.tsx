import { Download, Trash2 } from "lucide-react";
import { useRef } from "react";
import type { TrainerRecord } from "~/features/trainers/console-trainers.server";
import { TRAINER_DOCUMENT_KIND_LABELS, TRAINER_DOCUMENT_KINDS } from "~/features/trainers/vocabulary";
import { formatDate } from "~/platform/dates";
import { FILE_SIZE_LABEL } from "~/platform/request-limits";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { ErrorSummary } from "~/ui/console/error-summary";
import { SelectField, TextField } from "~/ui/console/form-fields";
import { ActionsCell, IconAction, ListTable } from "~/ui/console/list-table";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { useConfirmDelete } from "~/ui/console/use-confirm-delete";
import { Td, Tr } from "~/ui/table";

const F = "document";

/** 'Expire le 12 mars 2027', 'Expiré le …', or nothing for a document that does not expire. */
function Expiry({ expiresOn, today, soon }: { expiresOn: string | null; today: string; soon: string }) {
  if (!expiresOn) return <span className="text-muted-foreground">Sans expiration</span>;
  const day = formatDate(`${expiresOn}T12:00:00Z`);
  if (expiresOn < today) return <Badge variant="destructive">Expiré le {day}</Badge>;
  if (expiresOn <= soon)
    return (
      <Badge variant="outline" className="border-amber-500">
        Expire le {day}
      </Badge>
    );
  return <span>{day}</span>;
}

/**
 * A trainer's documents: each downloadable, with its expiry (marked when within a month or passed),
 * removable by whoever keeps the register; and the form that sends one.
 */
export function TrainerDocuments({
  record,
  today,
  soon,
  canWrite,
}: {
  record: TrainerRecord;
  /** Paris today and the end of the warning window, 'YYYY-MM-DD'. */
  today: string;
  soon: string;
  canWrite: boolean;
}) {
  const { trainer, documents } = record;
  const remove = useConfirmDelete({
    question: "Supprimer ce document\u202f?",
    intent: "delete-document",
    description: "Le fichier est retiré de la fiche ; le journal garde la trace de la suppression.",
  });
  return (
    <>
      <ListTable
        columns={[
          "Document",
          { label: "Type", from: "sm" },
          "Expiration",
          { label: "Déposé le", from: "md" },
        ]}
        actions
        items={documents}
        empty="Aucun document pour l'instant"
      >
        {(d) => (
          <Tr key={d.id}>
            <Td>
              <a
                className="font-medium text-primary underline-offset-4 hover:underline"
                href={`/admin/formateurs/${trainer.id}/documents/${d.id}`}
                download
              >
                {d.label}
              </a>
              <p className="break-all text-xs text-muted-foreground">{d.fileName}</p>
            </Td>
            <Td className="hidden sm:table-cell">{TRAINER_DOCUMENT_KIND_LABELS[d.kind]}</Td>
            <Td>
              <Expiry expiresOn={d.expiresOn} today={today} soon={soon} />
            </Td>
            <Td className="hidden md:table-cell">{formatDate(d.uploadedAt)}</Td>
            <ActionsCell>
              <a
                href={`/admin/formateurs/${trainer.id}/documents/${d.id}`}
                download
                aria-label={`Télécharger ${d.label}`}
                className="inline-flex h-9 w-9 items-center justify-center rounded-md hover:bg-muted"
              >
                <Download aria-hidden="true" className="h-4 w-4" />
              </a>
              <IconAction
                label={`Supprimer ${d.label}`}
                icon={Trash2}
                destructive
                disabled={!canWrite}
                onClick={() => remove.ask(d.id)}
              />
            </ActionsCell>
          </Tr>
        )}
      </ListTable>
      {remove.dialog}
      {canWrite ? <UploadForm trainerId={trainer.id} /> : null}
    </>
  );
}

/** 'Déposer un document': its type, its name, its expiry if it has one, the file. */
function UploadForm({ trainerId }: { trainerId: string }) {
  const form = useRef<HTMLFormElement>(null);
  const fetcher = useAdminFetcher((result) => {
    if (result.ok) form.current?.reset();
  });
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  const busy = fetcher.state !== "idle";
  const fileError = errors?.file;
  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      className="mt-6 grid gap-4"
      aria-label="Déposer un document"
      ref={form}
    >
      <h3 className="font-semibold">Déposer un document</h3>
      <input type="hidden" name="intent" value="upload" />
      <input type="hidden" name="trainerId" value={trainerId} />
      <ErrorSummary form={F} errors={errors} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          form={F}
          name="kind"
          label="Type"
          required
          errors={errors}
          defaultValue="cv"
          options={TRAINER_DOCUMENT_KINDS.map((kind) => ({
            value: kind,
            label: TRAINER_DOCUMENT_KIND_LABELS[kind],
          }))}
        />
        <TextField
          form={F}
          name="label"
          label="Intitulé"
          required
          errors={errors}
          maxLength={200}
          hint="Par exemple : Master MEEF, contrat 2027"
        />
        <TextField
          form={F}
          name="expiresOn"
          label="Expire le"
          type="date"
          errors={errors}
          hint="Facultatif : un mois avant, la console et un e-mail préviennent"
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${F}-file`} className="text-sm font-medium">
          Fichier (PDF, DOC, DOCX, ODT, JPEG ou PNG{"\u202f; "}
          {FILE_SIZE_LABEL} au plus)
        </label>
        <input
          id={`${F}-file`}
          name="file"
          type="file"
          required
          accept=".pdf,.doc,.docx,.odt,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${F}-file-error` : undefined}
          className="text-sm"
        />
        {fileError ? (
          <p id={`${F}-file-error`} className="text-sm text-destructive">
            {fileError}
          </p>
        ) : null}
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Envoi..." : "Déposer le document"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
