import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useCan } from "~/features/accounts";
import type { AdminFormation } from "~/features/catalogue/console-formations.server";
import { editorFields, FORMATION_FIELD_LABELS as L } from "~/features/catalogue/formation-entity";
import { GOALS } from "~/features/catalogue/goals";
import { FORMATION_PRICINGS } from "~/features/catalogue/pricing";
import { optionsOf } from "~/platform/options";
import { Button, buttonClass } from "~/ui/button";
import { CheckboxGroup } from "~/ui/console/checkbox-group";
import { ErrorSummary } from "~/ui/console/error-summary";
import { type FieldsContext, useTitleSlug } from "~/ui/console/form-dialog";
import {
  ConsoleFields,
  FormSection,
  type ImagePickerSlot,
  rowValues,
  SwitchField,
} from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { F, N, PRICING_LABELS, SECTIONS, sectionId } from "./formation-editor-sections";
import { LheoSection } from "./formation-lheo-section";
import { QualiopiSection } from "./formation-qualiopi-section";
import { VisitorsSection } from "./formation-visitors-section";
import { LheoStatus } from "./lheo-status";
import { QualiopiStatus } from "./qualiopi-status";

/**
 * 'Nouvelle formation' / 'Modifier la formation', a page of its own: every field of a formation in
 * sections a director can walk, what the saved record still lacks for publication at the top. A new
 * formation is saved as a draft; a published one's changes are a draft until 'Publier'. Once saved,
 * the page goes back to the list it was opened from (`back`), as the dialog it replaces did.
 */
export function FormationEditor({
  formation,
  back,
  imagePicker,
}: {
  formation: AdminFormation | null;
  /** The list's address, with its search and filters. */
  back: string;
  imagePicker: ImagePickerSlot;
}) {
  const f = formation;
  const navigate = useNavigate();
  const fetcher = useAdminFetcher((result) => {
    if (result.ok) navigate(back);
  });
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined;
  const busy = fetcher.state !== "idle";
  const titleSlug = useTitleSlug(f);
  const ready = Boolean(titleSlug.title.trim());
  const canPublish = useCan("content:publish");
  const [active, setActive] = useState(f?.active ?? false);
  const [certifying, setCertifying] = useState(f?.certifying ?? false);
  // Lists one a line where the field says so; the others are separated by commas.
  const lines = f && { objectives: f.objectives.join("\n"), skillBlocks: f.skillBlocks.join("\n") };
  const values = rowValues(f && { ...f, ...lines }, {
    formationType: "alternance",
    price: "0",
    position: "0",
  });
  const common: FieldsContext = { form: F, errors, values };
  const heading = f ? "Modifier la formation" : "Nouvelle formation";

  return (
    <fetcher.Form method="post" aria-labelledby="formation-editor-title" className="space-y-6">
      <h1 id="formation-editor-title" className="text-2xl font-bold tracking-tight">
        {heading}
        {f ? <span className="block text-base font-normal text-muted-foreground">{f.title}</span> : null}
      </h1>
      <input type="hidden" name="intent" value={f ? "update" : "create"} />
      {f ? <input type="hidden" name="id" value={f.id} /> : null}

      <div
        className="space-y-2 rounded-md border border-border bg-muted p-4 text-sm"
        data-testid="publication-summary"
      >
        {f?.active ? (
          <p>
            Formation publiée{N}: vos modifications sont enregistrées comme brouillon. Les visiteurs voient la
            version en ligne jusqu'à «{N}Publier{N}».
          </p>
        ) : (
          <p>
            {f ? "Brouillon" : "Nouvelle formation"}
            {N}: elle n'est ni sur le site, ni dans les formulaires, ni dans l'export Lhéo tant qu'elle n'est
            pas publiée (bouton «{N}Publication{N}» de la liste, ou «{N}En ligne sur le site{N}» ci-dessous).
          </p>
        )}
        {f ? (
          <>
            <QualiopiStatus formation={f} />
            <LheoStatus missing={f.lheoMissing} />
          </>
        ) : (
          <p>Ce qui manque pour Qualiopi et l'export Lhéo s'affiche ici une fois la formation enregistrée.</p>
        )}
      </div>

      <nav aria-label="Sections de la formation">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {Object.entries(SECTIONS).map(([key, title]) => (
            <li key={key}>
              <a href={`#${sectionId(key as keyof typeof SECTIONS)}`} className="text-primary underline">
                {title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <ErrorSummary form={F} errors={errors} />
      <p className="text-sm text-muted-foreground">
        Les champs marqués d'un astérisque (*) sont obligatoires.
      </p>

      <VisitorsSection common={common} state={titleSlug} formation={f} imagePicker={imagePicker} />
      <QualiopiSection common={common} formation={f} certifying={certifying} setCertifying={setCertifying} />
      <LheoSection common={common} formation={f} />

      <div id={sectionId("prices")} className="scroll-mt-4">
        <FormSection title={SECTIONS.prices}>
          <div className="grid gap-4 sm:grid-cols-2">
            <ConsoleFields
              {...common}
              fields={[
                {
                  as: "select",
                  name: "pricing",
                  label: L.pricing,
                  required: true,
                  hint: "Ce que paie l'apprenant : c'est ce que la page, le PDF et les moteurs de recherche affichent.",
                  options: [
                    { value: "", label: "Choisissez…" },
                    ...optionsOf(FORMATION_PRICINGS, PRICING_LABELS),
                  ],
                },
                {
                  name: "price",
                  label: L.price,
                  inputMode: "decimal",
                  hint: "Pour « Payant » ; avec « Sans frais », le coût pris en charge (facultatif).",
                },
              ]}
            />
          </div>
          <ConsoleFields {...common} fields={editorFields("prices")} />
        </FormSection>
      </div>

      <div id={sectionId("sessions")} className="scroll-mt-4">
        <FormSection title={SECTIONS.sessions}>
          {f ? (
            <p className="text-sm">
              Dates, lieux, places et planning se gèrent sur l'écran{" "}
              <Link to={`/admin/formations/${f.id}/sessions`} className="text-primary underline">
                Sessions de la formation
              </Link>
              .
            </p>
          ) : (
            <p className="text-sm">Enregistrez la formation pour lui ajouter des sessions.</p>
          )}
        </FormSection>
      </div>

      <div id={sectionId("site")} className="scroll-mt-4">
        <FormSection title={SECTIONS.site}>
          <ConsoleFields
            {...common}
            fields={[
              {
                name: "position",
                label: L.position,
                inputMode: "numeric",
                hint: "Les formations sont listées sur le site de la plus petite valeur à la plus grande.",
              },
            ]}
          />
          <CheckboxGroup
            form={F}
            name="goals"
            legend="Objectifs (recommandations de la page d'accueil)"
            options={GOALS.map((g) => ({ value: g.id, label: g.title }))}
            initial={f?.goals ?? []}
            error={errors?.goals}
          />
          {f ? (
            <SwitchField
              form={F}
              name="active"
              label="En ligne sur le site"
              checked={active}
              onCheckedChange={setActive}
            />
          ) : null}
        </FormSection>
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={back} className={buttonClass("outline")}>
          Annuler
        </Link>
        {!f && canPublish ? (
          // Publishing a new formation is its own button, never a default.
          <Button type="submit" variant="outline" name="active" value="true" disabled={busy || !ready}>
            Créer et publier
          </Button>
        ) : null}
        {f?.active && canPublish ? (
          <Button type="submit" variant="outline" name="publish" value="true" disabled={busy || !ready}>
            Publier
          </Button>
        ) : null}
        <Button type="submit" disabled={busy || !ready}>
          {busy
            ? "Enregistrement..."
            : f?.active
              ? "Enregistrer le brouillon"
              : f
                ? "Enregistrer"
                : "Créer le brouillon"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
