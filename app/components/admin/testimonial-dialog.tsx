import { useState } from "react";
import { plural } from "~/lib/plural";
import { RATINGS } from "~/lib/vocabulary";
import type { AdminTestimonial } from "~/server/admin/testimonials.server";
import { FormDialog } from "./form-dialog";
import { SelectField, SwitchField, TextAreaField, TextField } from "./form-fields";

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
  const t = testimonial;
  const [active, setActive] = useState(t?.active ?? true);
  // A testimonial about a formation since deactivated keeps its link when edited.
  const choices =
    t?.formationId && !formations.some((f) => f.id === t.formationId)
      ? [...formations, { id: t.formationId, title: `${t.formationTitle ?? "Formation"} (inactive)` }]
      : formations;
  return (
    <FormDialog
      form={F}
      id={t?.id ?? null}
      title={t ? "Modifier le témoignage" : "Nouveau témoignage"}
      description="Le nom et le contenu sont obligatoires."
      className="max-w-2xl"
      onDone={onDone}
    >
      {(common) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField {...common} name="name" label="Nom" required defaultValue={t?.name ?? ""} />
            <TextField {...common} name="position" label="Poste" defaultValue={t?.position ?? ""} />
            <TextField {...common} name="company" label="Entreprise" defaultValue={t?.company ?? ""} />
            <SelectField
              {...common}
              name="rating"
              label="Note"
              defaultValue={String(t?.rating ?? 5)}
              options={RATINGS.map((n) => ({ value: String(n), label: plural(n, "étoile") }))}
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
        </>
      )}
    </FormDialog>
  );
}
