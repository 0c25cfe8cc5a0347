import { useState } from "react";
import { Button } from "~/components/ui/button";
import { DialogContent } from "~/components/ui/dialog";
import { RATINGS, starsLabel } from "~/lib/schemas/admin-testimonial";
import type { AdminTestimonial } from "~/server/admin/testimonials.server";
import { SelectField, SwitchField, TextAreaField, TextField } from "./form-fields";
import { useAdminFetcher } from "./use-admin-fetcher";

const F = "temoignage";

/** 'Nouveau témoignage' / 'Modifier le témoignage'; defaults: active, 5 stars, general. */
export function TestimonialDialog({
  testimonial,
  formations,
  onDone,
}: {
  testimonial: AdminTestimonial | null;
  formations: { id: string; title: string }[];
  onDone: () => void;
}) {
  const fetcher = useAdminFetcher((result) => {
    if (result.ok) onDone();
  });
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined;
  const busy = fetcher.state !== "idle";
  const t = testimonial;
  const [active, setActive] = useState(t?.active ?? true);
  const common = { form: F, errors };
  // A testimonial about a formation since deactivated keeps its link when edited.
  const choices =
    t?.formationId && !formations.some((f) => f.id === t.formationId)
      ? [...formations, { id: t.formationId, title: `${t.formationTitle ?? "Formation"} (inactive)` }]
      : formations;
  return (
    <DialogContent
      title={t ? "Modifier le témoignage" : "Nouveau témoignage"}
      description="Le nom et le contenu sont obligatoires."
      className="max-w-2xl"
    >
      <fetcher.Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value={t ? "update" : "create"} />
        {t ? <input type="hidden" name="id" value={t.id} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...common} name="name" label="Nom" required defaultValue={t?.name ?? ""} />
          <TextField {...common} name="position" label="Poste" defaultValue={t?.position ?? ""} />
          <TextField {...common} name="company" label="Entreprise" defaultValue={t?.company ?? ""} />
          <SelectField
            {...common}
            name="rating"
            label="Note"
            defaultValue={String(t?.rating ?? 5)}
            options={RATINGS.map((n) => ({ value: String(n), label: starsLabel(n) }))}
          />
        </div>
        <TextAreaField
          {...common}
          name="content"
          label="Témoignage"
          required
          defaultValue={t?.content ?? ""}
        />
        <SelectField
          {...common}
          name="formationId"
          label="Formation"
          defaultValue={t?.formationId ?? "general"}
          options={[
            { value: "general", label: "Témoignage général" },
            ...choices.map((f) => ({ value: f.id, label: f.title })),
          ]}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...common} name="avatarUrl" label="Photo (URL)" defaultValue={t?.avatarUrl ?? ""} />
          <TextField {...common} name="videoUrl" label="Vidéo (URL)" defaultValue={t?.videoUrl ?? ""} />
        </div>
        <SwitchField
          form={F}
          name="active"
          label="Témoignage actif"
          checked={active}
          onCheckedChange={setActive}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onDone}>
            Annuler
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Enregistrement..." : t ? "Modifier" : "Créer"}
          </Button>
        </div>
      </fetcher.Form>
    </DialogContent>
  );
}
