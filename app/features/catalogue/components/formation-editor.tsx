import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useCan } from "~/features/accounts";
import { FORMATION_BPF_OBJECTIVE_LABELS, FORMATION_BPF_OBJECTIVES } from "~/features/catalogue/bpf-objective";
import type { AdminFormation } from "~/features/catalogue/console-formations.server";
import { FORMATION_FIELD_LABELS as L } from "~/features/catalogue/formation-fields";
import { GOALS } from "~/features/catalogue/goals";
import { FORMATION_LEVEL_LABELS, FORMATION_LEVELS } from "~/features/catalogue/levels";
import { FORMATION_PRICINGS, type FormationPricing } from "~/features/catalogue/pricing";
import { FORMATION_BADGES, FORMATION_TYPE_LABELS, FORMATION_TYPES } from "~/features/catalogue/vocabulary";
import { optionsOf } from "~/platform/options";
import { Button, buttonClass } from "~/ui/button";
import { CheckboxGroup } from "~/ui/console/checkbox-group";
import { ErrorSummary } from "~/ui/console/error-summary";
import { type FieldsContext, TitleSlugFields, useTitleSlug } from "~/ui/console/form-dialog";
import {
  ConsoleFields,
  FormSection,
  type ImagePickerSlot,
  rowValues,
  SwitchField,
} from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import {
  LHEO_ENTRY_MODES,
  LHEO_FUNDERS,
  LHEO_GENERAL_OBJECTIVES,
  LHEO_PATHS,
  LHEO_PUBLICS,
} from "../lheo/lheo-codes";
import { LheoStatus } from "./lheo-status";
import { ModulesEditor } from "./modules-editor";
import { QualiopiStatus } from "./qualiopi-status";
import { ResultsEditor } from "./results-editor";

const F = "formation";
const N = "\u202f";

const LEVEL_OPTIONS = optionsOf(FORMATION_LEVELS, FORMATION_LEVEL_LABELS);

const PRICING_LABELS: Record<FormationPricing, string> = {
  payant: "Payant (prix ci-dessous)",
  gratuit: "Gratuit",
  "prise-en-charge": "Sans frais pour l'apprenant (prise en charge par un financeur)",
};

/** The editor's sections, in the order a director walks them; the contents at the top link to each. */
const SECTIONS = {
  visitors: "Ce que lisent les visiteurs",
  qualiopi: "Qualiopi",
  lheo: "Lhéo (catalogues publics de formations)",
  prices: "Prix et financement",
  sessions: "Sessions",
  site: "Sur le site",
} as const;

const sectionId = (key: keyof typeof SECTIONS) => `section-${key}`;

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
          <ConsoleFields
            {...common}
            fields={[
              {
                as: "textarea",
                name: "priceDetails",
                label: L.priceDetails,
                hint: "Ce que couvre le prix, tarif entreprise, prise en charge possible.",
              },
              {
                name: "funding",
                label: L.funding,
                hint: "Séparés par des virgules, par exemple : CPF, OPCO, France Travail. Laissez vide si aucun financement n'est vérifié : la page n'en annonce alors aucun, et « Éligible CPF » n'apparaît que si le CPF est cité.",
              },
            ]}
          />
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

function VisitorsSection({
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
              { name: "duration", label: L.duration, required: true },
              { name: "format", label: L.format, hint: "Par exemple : en présentiel, à distance, mixte." },
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
              { name: "sector", label: L.sector },
              { name: "location", label: L.location },
              { name: "salaryRange", label: L.salaryRange },
            ]}
          />
        </div>
        <ConsoleFields
          {...common}
          fields={[
            { as: "textarea", name: "description", label: L.description, required: true },
            { as: "textarea", name: "longDescription", label: L.longDescription },
            {
              as: "textarea",
              name: "content",
              label: L.content,
              hint: "Section « Présentation » de la page : **gras**, listes à tirets et liens sont mis en forme.",
            },
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

function QualiopiSection({
  common,
  formation: f,
  certifying,
  setCertifying,
}: {
  common: FieldsContext;
  formation: AdminFormation | null;
  certifying: boolean;
  setCertifying: (on: boolean) => void;
}) {
  return (
    <div id={sectionId("qualiopi")} className="scroll-mt-4 space-y-6">
      <FormSection title="Informations publiées (Qualiopi, indicateur 1)">
        <ConsoleFields
          {...common}
          fields={[
            {
              as: "textarea",
              name: "prerequisites",
              label: L.prerequisites,
              hint: "Un prérequis par ligne.",
            },
            {
              as: "textarea",
              name: "accessArrangements",
              label: L.accessArrangements,
              hint: "Candidature, entretien, tests, contrat…",
            },
            { name: "accessDelay", label: L.accessDelay },
          ]}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <ConsoleFields
            {...common}
            fields={[
              { name: "contactName", label: L.contactName, hint: "Nom et fonction" },
              { name: "contactPhone", label: L.contactPhone, type: "tel" },
              { name: "contactEmail", label: L.contactEmail, type: "email" },
            ]}
          />
        </div>
        <ConsoleFields
          {...common}
          fields={[
            { as: "textarea", name: "teachingMethods", label: L.teachingMethods },
            { as: "textarea", name: "assessmentMethods", label: L.assessmentMethods },
            { as: "textarea", name: "accessibility", label: L.accessibility },
          ]}
        />
      </FormSection>

      <FormSection title="Certification (Qualiopi, indicateur 3)">
        <SwitchField
          form={F}
          name="certifying"
          label={L.certifying}
          checked={certifying}
          onCheckedChange={setCertifying}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <ConsoleFields
            {...common}
            fields={[
              {
                name: "rncpCode",
                label: L.rncpCode,
                hint: "Par exemple RNCP 35030 ou RS 5826 : la page renvoie vers sa fiche France Compétences.",
              },
              { name: "certificationRegisteredOn", label: L.certificationRegisteredOn, type: "date" },
              { name: "certifier", label: L.certifier },
              {
                as: "select",
                name: "bpfObjective",
                label: L.bpfObjective,
                hint: "À préciser seulement si la certification ne le dit pas : un code RNCP compte selon le niveau de sortie, un code RS comme RS, sinon « autre formation ».",
                options: [
                  { value: "", label: "D'après la certification" },
                  ...FORMATION_BPF_OBJECTIVES.map((o) => ({
                    value: o,
                    label: FORMATION_BPF_OBJECTIVE_LABELS[o],
                  })),
                ],
              },
            ]}
          />
        </div>
        <ConsoleFields
          {...common}
          fields={[
            {
              as: "textarea",
              name: "certification",
              label: L.certification,
              hint: "Ce que l'apprenant obtient à la fin (titre, diplôme, certificat, attestation) : les « résultats attendus » de l'export Lhéo.",
            },
            { as: "textarea", name: "skillBlocks", label: L.skillBlocks, hint: "Un bloc par ligne." },
            { as: "textarea", name: "equivalences", label: L.equivalences },
            { as: "textarea", name: "furtherPaths", label: L.furtherPaths },
          ]}
        />
      </FormSection>

      <ResultsEditor name="results" initial={f?.results ?? []} error={common.errors?.results} />
    </div>
  );
}

function LheoSection({ common, formation: f }: { common: FieldsContext; formation: AdminFormation | null }) {
  return (
    <div id={sectionId("lheo")} className="scroll-mt-4">
      <FormSection title={SECTIONS.lheo}>
        <p className="text-xs text-muted-foreground">
          Les catalogues publics de formations (Carif-Oref, France Travail) reçoivent l'offre du centre par
          l'adresse /lheo.xml. Une formation y figure quand ces champs, les objectifs, les prérequis, le
          niveau requis et le rythme de chaque session à venir sont remplis.
        </p>
        <div className="grid gap-4 sm:grid-cols-3">
          <ConsoleFields
            {...common}
            fields={[
              {
                name: "formacodes",
                label: L.formacodes,
                hint: "Le domaine de la formation : jusqu'à 5 codes de 5 chiffres, séparés par des virgules (par exemple 31054).",
              },
              {
                name: "nsfCodes",
                label: `${L.nsfCodes} (facultatif)`,
                hint: "La spécialité de formation : jusqu'à 3 codes de 3 chiffres (par exemple 326).",
              },
              {
                name: "romeCodes",
                label: `${L.romeCodes} (facultatif)`,
                hint: "Les métiers visés, selon France Travail : jusqu'à 5 codes, une lettre et 4 chiffres (par exemple M1805).",
              },
            ]}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <ConsoleFields
            {...common}
            fields={[
              {
                as: "select",
                name: "pathType",
                label: L.pathType,
                hint: "Comment les stagiaires suivent la formation.",
                options: [{ value: "", label: "Choisissez…" }, ...LHEO_PATHS],
              },
              {
                as: "select",
                name: "entryMode",
                label: L.entryMode,
                hint: "Aux dates des sessions, ou à tout moment.",
                options: [{ value: "", label: "Choisissez…" }, ...LHEO_ENTRY_MODES],
              },
              {
                as: "select",
                name: "generalObjective",
                label: `${L.generalObjective} (facultatif)`,
                hint: "Ce que la formation apporte d'abord.",
                options: [{ value: "", label: "Non précisé" }, ...LHEO_GENERAL_OBJECTIVES],
              },
            ]}
          />
        </div>
        <CheckboxGroup
          form={F}
          name="targetPublics"
          legend={L.targetPublics}
          hint="À qui s'adresse la formation (au moins un choix)."
          options={LHEO_PUBLICS}
          initial={f?.targetPublics ?? []}
          error={common.errors?.targetPublics}
        />
        <CheckboxGroup
          form={F}
          name="lheoFunders"
          legend={`${L.lheoFunders} (facultatif)`}
          hint="Qui peut payer la formation, 8 au plus, dans la liste des catalogues publics."
          options={LHEO_FUNDERS}
          initial={f?.lheoFunders ?? []}
          error={common.errors?.lheoFunders}
        />
      </FormSection>
    </div>
  );
}
