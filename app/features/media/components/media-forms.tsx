import { useState } from "react";
import { IMAGE_SIZE_LABEL } from "~/platform/request-limits";
import { Button } from "~/ui/button";
import { ErrorSummary } from "~/ui/console/error-summary";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { DialogContent } from "~/ui/dialog";
import { CheckboxField, TextField } from "~/ui/field";
import { Input, Label } from "~/ui/input";

export const MEDIA_PATH = "/admin/mediatheque";
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

/** The details staff give an image: alternative text or 'décorative', credit, focal point. */
export function MediaDetailsFields({
  form,
  errors,
  values,
}: {
  form: string;
  errors: Record<string, string> | undefined;
  values?: {
    alt: string;
    decorative: boolean;
    credit: string | null;
    focalX: number | null;
    focalY: number | null;
  };
}) {
  const [decorative, setDecorative] = useState(values?.decorative ?? false);
  return (
    <>
      <TextField
        form={form}
        name="alt"
        label="Texte alternatif"
        required={!decorative}
        errors={errors}
        defaultValue={values?.alt ?? ""}
        disabled={decorative}
        hint="Ce que l'image montre, pour qui ne la voit pas (250 caractères maximum)."
      />
      <CheckboxField
        form={form}
        name="decorative"
        errors={errors}
        checked={decorative}
        onChange={(event) => setDecorative(event.currentTarget.checked)}
      >
        Image décorative (les lecteurs d'écran l'ignorent)
      </CheckboxField>
      <TextField
        form={form}
        name="credit"
        label="Crédit (facultatif)"
        errors={errors}
        defaultValue={values?.credit ?? ""}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          form={form}
          name="focalX"
          label="Point focal, horizontal (%)"
          inputMode="numeric"
          errors={errors}
          defaultValue={values?.focalX?.toString() ?? ""}
          hint="0 : bord gauche, 100 : bord droit"
        />
        <TextField
          form={form}
          name="focalY"
          label="Point focal, vertical (%)"
          inputMode="numeric"
          errors={errors}
          defaultValue={values?.focalY?.toString() ?? ""}
          hint="0 : haut, 100 : bas"
        />
      </div>
    </>
  );
}

/** The file input of an upload or a replacement, with its error. */
export function ImageFileField({
  form,
  error,
  label,
}: {
  form: string;
  error: string | undefined;
  label: string;
}) {
  const id = `${form}-file`;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>
        {label} (JPEG, PNG, WebP ou AVIF, {IMAGE_SIZE_LABEL} maximum)
        <span aria-hidden="true"> *</span>
      </Label>
      <Input
        id={id}
        name="file"
        type="file"
        accept={IMAGE_ACCEPT}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="h-auto"
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * 'Ajouter une image': the file and its details, posted to the médiathèque's action. `onUploaded`
 * gets the new image's id (the picker selects it); the form empties itself after a success.
 */
export function MediaUploadForm({ form, onUploaded }: { form: string; onUploaded?: (id: string) => void }) {
  const [round, setRound] = useState(0);
  const fetcher = useAdminFetcher((result) => {
    if (!result.ok) return;
    setRound((n) => n + 1);
    if (result.created) onUploaded?.(result.created);
  });
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      key={round}
      method="post"
      action={MEDIA_PATH}
      encType="multipart/form-data"
      noValidate
      className="space-y-4"
    >
      <input type="hidden" name="intent" value="upload" />
      <ErrorSummary form={form} errors={errors} />
      <ImageFileField form={form} error={errors?.file} label="Image" />
      <MediaDetailsFields form={form} errors={errors} />
      <Button type="submit" disabled={busy}>
        {busy ? "Envoi..." : "Envoyer l'image"}
      </Button>
    </fetcher.Form>
  );
}

/** What the console lists of an image: its facts, never its bytes, and its thumbnail's address. */
export interface MediaItemView {
  id: string;
  fileName: string;
  width: number;
  height: number;
  size: number;
  alt: string;
  decorative: boolean;
  credit: string | null;
  focalX: number | null;
  focalY: number | null;
  thumbnail: string;
}

/** 'Modifier' an image: its details, and below, another file in its place. */
export function MediaEditDialog({ image, onDone }: { image: MediaItemView; onDone: () => void }) {
  const details = useAdminFetcher((result) => result.ok && onDone());
  const replace = useAdminFetcher((result) => result.ok && onDone());
  const detailErrors = details.data && !details.data.ok ? details.data.errors : undefined;
  const replaceError = replace.data && !replace.data.ok ? replace.data.errors?.file : undefined;
  return (
    <DialogContent title="Modifier l'image" description={image.fileName} className="sm:max-w-xl">
      <details.Form method="post" action={MEDIA_PATH} noValidate className="space-y-4">
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={image.id} />
        <ErrorSummary form="media-edit" errors={detailErrors} />
        <MediaDetailsFields form="media-edit" errors={detailErrors} values={image} />
        <Button type="submit" disabled={details.state !== "idle"}>
          Enregistrer
        </Button>
      </details.Form>
      <replace.Form
        method="post"
        action={MEDIA_PATH}
        encType="multipart/form-data"
        noValidate
        className="mt-6 space-y-4 border-t border-border pt-4"
      >
        <input type="hidden" name="intent" value="replace" />
        <input type="hidden" name="id" value={image.id} />
        <p className="text-sm text-muted-foreground">
          Le nouveau fichier remplace celui-ci partout où l'image est utilisée.
        </p>
        <ImageFileField form="media-replace" error={replaceError} label="Nouveau fichier" />
        <Button type="submit" variant="outline" disabled={replace.state !== "idle"}>
          Remplacer le fichier
        </Button>
      </replace.Form>
    </DialogContent>
  );
}
