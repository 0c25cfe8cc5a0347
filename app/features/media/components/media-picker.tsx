import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/ui/button";
import { Dialog, DialogContent } from "~/ui/dialog";
import { Input, Label } from "~/ui/input";
import { MEDIA_PATH, type MediaItemView, MediaUploadForm } from "./media-forms";

interface PickerData {
  images: MediaItemView[];
}

/**
 * A form's picture, chosen from the médiathèque: posts `name` (the image's id, or nothing). 'Choisir
 * une image' opens the médiathèque in a dialog, searchable, with an upload form: an image sent from
 * there is chosen at once.
 */
export function MediaPicker({
  form,
  name,
  label,
  value,
  error,
}: {
  form: string;
  name: string;
  label: string;
  value: string | null;
  error?: string | undefined;
}) {
  const [chosen, setChosen] = useState<string | null>(value);
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState("");
  const list = useFetcher<PickerData>();
  const current = useFetcher<PickerData>();
  // A fetcher's load is a new function at each render: load again only when the choice changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  useEffect(() => {
    if (chosen) current.load(`${MEDIA_PATH}?id=${chosen}`);
  }, [chosen]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening and on each search only.
  useEffect(() => {
    if (open) list.load(`${MEDIA_PATH}?q=${encodeURIComponent(q)}`);
  }, [open, q]);
  const shown = chosen ? current.data?.images.find((image) => image.id === chosen) : undefined;
  const id = `${form}-${name}`;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{label}</legend>
      <input type="hidden" name={name} value={chosen ?? ""} />
      <div className="flex flex-wrap items-center gap-3">
        {chosen ? (
          shown ? (
            <img
              src={shown.thumbnail}
              alt={shown.alt}
              width={120}
              height={80}
              className="h-20 w-30 rounded border border-border object-cover"
            />
          ) : (
            <span className="text-sm text-muted-foreground">Image choisie</span>
          )
        ) : (
          <span className="text-sm text-muted-foreground">Aucune image</span>
        )}
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          {chosen ? "Changer d'image" : "Choisir une image"}
        </Button>
        {chosen ? (
          <Button variant="outline" size="sm" onClick={() => setChosen(null)}>
            Retirer l'image
          </Button>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? (
          <DialogContent
            title="Médiathèque"
            description="Choisissez une image, ou envoyez-en une nouvelle."
            className="sm:max-w-3xl"
          >
            <div className="space-y-2">
              <Label htmlFor={`${id}-search`}>Rechercher une image</Label>
              <Input
                id={`${id}-search`}
                type="search"
                value={q}
                onChange={(event) => setQ(event.currentTarget.value)}
              />
            </div>
            <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Images de la médiathèque">
              {(list.data?.images ?? []).map((image) => (
                <li key={image.id}>
                  <button
                    type="button"
                    className="w-full overflow-hidden rounded border border-border text-left focus:outline-none focus:ring-2 focus:ring-ring"
                    onClick={() => {
                      setChosen(image.id);
                      setOpen(false);
                    }}
                  >
                    <img
                      src={image.thumbnail}
                      alt=""
                      width={360}
                      height={240}
                      loading="lazy"
                      className="aspect-[3/2] w-full object-cover"
                    />
                    <span className="block truncate p-2 text-xs">
                      {image.decorative ? image.fileName : image.alt}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {list.data && list.data.images.length === 0 ? (
              <p className="mt-4 text-sm text-muted-foreground">Aucune image trouvée.</p>
            ) : null}
            <div className="mt-6 border-t border-border pt-4">
              <h3 className="mb-3 font-semibold">Envoyer une nouvelle image</h3>
              <MediaUploadForm
                form={`${id}-upload`}
                onUploaded={(uploaded) => {
                  setChosen(uploaded);
                  setOpen(false);
                }}
              />
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </fieldset>
  );
}
