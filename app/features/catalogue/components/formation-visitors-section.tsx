// The formation editor's 'Ce que lisent les visiteurs': title, slug, image, the texts and programme the
// public course page shows.

import type { AdminFormation } from "~/features/catalogue/console-formations.server";
import { editorFields, FORMATION_FIELD_LABELS as L } from "~/features/catalogue/formation-entity";
import { FORMATION_BADGES, FORMATION_TYPE_LABELS, FORMATION_TYPES } from "~/features/catalogue/vocabulary";
import { optionsOf } from "~/platform/options";
import { type FieldsContext, TitleSlugFields, type useTitleSlug } from "~/ui/console/form-dialog";
import { ConsoleFields, FormSection, type ImagePickerSlot } from "~/ui/console/form-fields";
import { LEVEL_OPTIONS, SECTIONS, sectionId } from "./formation-editor-sections";
import { ModulesEditor } from "./modules-editor";

export function VisitorsSection({
  common,
  state,
  formation: f,
  imagePicker,
}: {
  common: FieldsContext;
  state: ReturnType<typeof useTitleSlug>;
  formation: AdminFormation | null;
  imagePicker: ImagePickerSlot;
}) {
  return (
    <div id={sectionId("visitors")} className="scroll-mt-4">
      <FormSection title={SECTIONS.visitors}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TitleSlugFields
            fields={common}
            state={state}
            slugLabel={L.slug}
            slugHint="La fin de l'adresse de la page sur le site (/formation/…) : déduite du titre si vous la laissez vide."
          />
          <div className="sm:col-span-2">
            {imagePicker({
              form: common.form,
              name: "imageId",
              label: "Image (carte du catalogue et haut de la page)",
              value: f?.imageId ?? null,
              error: common.errors?.imageId,
            })}
          </div>
          <ConsoleFields
            {...common}
            fields={[
              {
                as: "select",
                name: "formationType",
                label: L.formationType,
                required: true,
                options: optionsOf(FORMATION_TYPES, FORMATION_TYPE_LABELS),
              },
              {
                as: "select",
                name: "badge",
                label: L.badge,
                hint: "Le mot affiché sur la carte de la formation dans le catalogue.",
                options: [
                  { value: "", label: "Aucune" },
                  ...FORMATION_BADGES.map((b) => ({ value: b, label: b })),
                ],
              },
              ...editorFields("visitors-lead"),
              {
                as: "select",
                name: "entryLevel",
                label: L.entryLevel,
                required: true,
                hint: "Le niveau pour entrer en formation (filtre « Niveau requis » du catalogue).",
                options: [{ value: "", label: "Choisissez…" }, ...LEVEL_OPTIONS],
              },
              {
                as: "select",
                name: "exitLevel",
                label: L.exitLevel,
                hint: "Le niveau du titre ou du diplôme obtenu (filtre « Niveau » du catalogue).",
                options: [
                  { value: "", label: "Aucun niveau (pas de diplôme ni de titre)" },
                  ...LEVEL_OPTIONS,
                ],
              },
              ...editorFields("visitors-place"),
            ]}
          />
        </div>
        <ConsoleFields
          {...common}
          fields={[
            ...editorFields("visitors-texts"),
            { as: "textarea", name: "objectives", label: L.objectives, hint: "Un objectif par ligne." },
            { name: "skills", label: L.skills, hint: "Séparées par des virgules." },
            { name: "careerOpportunities", label: L.careerOpportunities, hint: "Séparés par des virgules." },
          ]}
        />
        <ModulesEditor name="program" initial={f?.program ?? []} />
        {common.errors?.program ? <p className="text-sm text-destructive">{common.errors.program}</p> : null}
        <ConsoleFields
          {...common}
          fields={[
            {
              name: "aliases",
              label: L.aliases,
              hint: "Facultatif, séparées par des virgules : ces adresses mènent à la page de la formation.",
            },
          ]}
        />
      </FormSection>
    </div>
  );
}
