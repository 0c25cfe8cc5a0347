import { useState } from "react";
import type { AdminTestimonial } from "~/features/testimonials/console-testimonials.server";
import { RATINGS } from "~/features/testimonials/ratings";
import { TESTIMONIAL_FIELD_LABELS } from "~/features/testimonials/testimonial-entity";
import { plural } from "~/platform/plural";
import { FormDialog } from "~/ui/console/form-dialog";
import { ConsoleFields, type ImagePickerSlot, rowValues, SwitchField } from "~/ui/console/form-fields";

const F = "temoignage";

/** 'Nouveau témoignage' / 'Modifier le témoignage'; defaults: active, 5 stars, general. */
export function TestimonialDialog({
  testimonial,
  formations,
  onDone,
  imagePicker,
}: {
  testimonial: AdminTestimonial | null;
  formations: { id: string; title: string }[];
  onDone: () => void;
  imagePicker: ImagePickerSlot;
}) {
  const t = testimonial;
  const [active, setActive] = useState(t?.active ?? true);
  // A testimonial about a formation since deactivated keeps its link when edited.
  const choices =
    t?.formationId && !formations.some((f) => f.id === t.formationId)
      ? [...formations, { id: t.formationId, title: `${t.formationTitle ?? "Formation"} (inactive)` }]
      : formations;
  const defaults = { rating: "5", formationId: "general" };
  const values = rowValues(t && { ...t, formationId: t.formationId ?? "general" }, defaults);
  return (
    <FormDialog
      form={F}
      values={values}
      id={t?.id ?? null}
      title={t ? "Modifier le témoignage" : "Nouveau témoignage"}
      description="Le nom et le contenu sont obligatoires."
      className="max-w-2xl"
      onDone={onDone}
    >
      {(common) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <ConsoleFields
              {...common}
              fields={[
                { name: "name", label: TESTIMONIAL_FIELD_LABELS.name, required: true },
                { name: "position", label: TESTIMONIAL_FIELD_LABELS.position },
                { name: "company", label: TESTIMONIAL_FIELD_LABELS.company },
                {
                  as: "select",
                  name: "rating",
                  label: TESTIMONIAL_FIELD_LABELS.rating,
                  options: RATINGS.map((n) => ({ value: String(n), label: plural(n, "étoile") })),
                },
              ]}
            />
          </div>
          <ConsoleFields
            {...common}
            fields={[
              { as: "textarea", name: "content", label: TESTIMONIAL_FIELD_LABELS.content, required: true },
              {
                as: "select",
                name: "formationId",
                label: TESTIMONIAL_FIELD_LABELS.formationId,
                options: [
                  { value: "general", label: "Témoignage général" },
                  ...choices.map((f) => ({ value: f.id, label: f.title })),
                ],
              },
            ]}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            {imagePicker({
              form: common.form,
              name: "imageId",
              label: TESTIMONIAL_FIELD_LABELS.imageId,
              value: t?.imageId ?? null,
              error: common.errors?.imageId,
            })}
            <ConsoleFields
              {...common}
              fields={[{ name: "videoUrl", label: TESTIMONIAL_FIELD_LABELS.videoUrl }]}
            />
          </div>
          <SwitchField
            form={F}
            name="active"
            label={TESTIMONIAL_FIELD_LABELS.active}
            checked={active}
            onCheckedChange={setActive}
          />
        </>
      )}
    </FormDialog>
  );
}
