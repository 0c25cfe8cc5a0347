import { useState } from "react";
import { useCan } from "~/features/accounts";
import { FORMATION_BPF_OBJECTIVE_LABELS, FORMATION_BPF_OBJECTIVES } from "~/features/catalogue/bpf-objective";
import type { AdminFormation } from "~/features/catalogue/console-formations.server";
import { GOALS } from "~/features/catalogue/goals";
import { FORMATION_LEVEL_LABELS, FORMATION_LEVELS } from "~/features/catalogue/levels";
import { FORMATION_PRICINGS, type FormationPricing } from "~/features/catalogue/pricing";
import { FORMATION_BADGES, FORMATION_TYPE_LABELS, FORMATION_TYPES } from "~/features/catalogue/vocabulary";
import { optionsOf } from "~/platform/options";
import { CheckboxGroup } from "~/ui/console/checkbox-group";
import { FormDialog, TitleSlugFields, useTitleSlug } from "~/ui/console/form-dialog";
import {
  ConsoleFields,
  FormSection,
  type ImagePickerSlot,
  rowValues,
  SwitchField,
} from "~/ui/console/form-fields";
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

/**
 * 'Ajouter une formation' / 'Modifier la formation': every column of the formations table, in
 * sections, the published items Qualiopi asks for grouped by indicator, with what the saved record
 * still lacks at the top. Mounted afresh each time it opens, so 'Annuler' resets it.
 */
export function FormationDialog({
  formation,
  onDone,
  imagePicker,
}: {
  formation: AdminFormation | null;
  onDone: () => void;
  imagePicker: ImagePickerSlot;
}) {
  const f = formation;
  const titleSlug = useTitleSlug(f);
  const canPublish = useCan("content:publish");
  const [active, setActive] = useState(f?.active ?? true);
  const [eligible, setEligible] = useState(f?.financingEligible ?? true);
  const [certifying, setCertifying] = useState(f?.certifying ?? false);
  // Lists one a line where the field says so; the others are separated by commas.
  const lines = f && { objectives: f.objectives.join("\n"), skillBlocks: f.skillBlocks.join("\n") };
  const values = rowValues(f && { ...f, ...lines }, {
    formationType: "alternance",
    price: "0",
    position: "0",
  });

  return (
    <FormDialog
      form={F}
      values={values}
      id={f?.id ?? null}
      title={f ? "Modifier la formation" : "Ajouter une formation"}
      description="Les champs marqués d'un astérisque (*) sont obligatoires."
      className="max-w-3xl"
      formClassName="space-y-6"
      ready={Boolean(titleSlug.title.trim())}
      onDone={onDone}
      // A published formation: the edit is a draft, or published at once by who may publish.
      submitLabel={f?.active ? "Enregistrer le brouillon" : undefined}
      alsoSubmit={f?.active && canPublish ? { name: "publish", value: "true", label: "Publier" } : null}
    >
      {(common) => (
        <>
          {f?.active ? (
            <p className="rounded-md border border-border bg-muted p-3 text-sm">
              Formation publiée{N}: vos modifications sont enregistrées comme brouillon. Les visiteurs voient
              la version en ligne jusqu'à «{N}Publier{N}» (bouton Publication de la liste).
            </p>
          ) : null}
          {f ? <QualiopiStatus formation={f} className="text-sm" /> : null}
          {f ? <LheoStatus missing={f.lheoMissing} className="text-sm" /> : null}
          <FormSection title="Informations de base">
            <div className="grid gap-4 sm:grid-cols-2">
              <TitleSlugFields fields={common} state={titleSlug} />
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
                    label: "Type",
                    required: true,
                    options: optionsOf(FORMATION_TYPES, FORMATION_TYPE_LABELS),
                  },
                  {
                    as: "select",
                    name: "badge",
                    label: "Badge",
                    options: [
                      { value: "", label: "Aucun" },
                      ...FORMATION_BADGES.map((b) => ({ value: b, label: b })),
                    ],
                  },
                  { name: "duration", label: "Durée", required: true },
                  { name: "format", label: "Format" },
                  {
                    as: "select",
                    name: "entryLevel",
                    label: "Niveau requis",
                    required: true,
                    hint: "Le niveau pour entrer en formation ; le filtre « Niveau » du catalogue le lit.",
                    options: [{ value: "", label: "Choisissez…" }, ...LEVEL_OPTIONS],
                  },
                  {
                    as: "select",
                    name: "exitLevel",
                    label: "Niveau de sortie",
                    hint: "Le niveau du titre ou du diplôme obtenu.",
                    options: [
                      { value: "", label: "Aucun niveau (pas de diplôme ni de titre)" },
                      ...LEVEL_OPTIONS,
                    ],
                  },
                  {
                    as: "select",
                    name: "pricing",
                    label: "Tarif",
                    required: true,
                    hint: "Ce que paie l'apprenant : c'est ce que la page, le PDF et les moteurs de recherche affichent.",
                    options: [
                      { value: "", label: "Choisissez…" },
                      ...optionsOf(FORMATION_PRICINGS, PRICING_LABELS),
                    ],
                  },
                  {
                    name: "price",
                    label: "Prix (€)",
                    inputMode: "decimal",
                    hint: "Pour « Payant » ; avec « Sans frais », le coût pris en charge (facultatif).",
                  },
                  { name: "sector", label: "Secteur / diplôme" },
                ]}
              />
            </div>
            <ConsoleFields
              {...common}
              fields={[{ as: "textarea", name: "description", label: "Description courte", required: true }]}
            />
          </FormSection>

          <FormSection title="Informations détaillées">
            <ConsoleFields
              {...common}
              fields={[
                { as: "textarea", name: "longDescription", label: "Description détaillée" },
                {
                  as: "textarea",
                  name: "content",
                  label: "Présentation (Markdown)",
                  hint: "Affichée sur la page de la formation, section « Présentation » : **gras**, listes, liens.",
                },
              ]}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <ConsoleFields
                {...common}
                fields={[
                  { name: "salaryRange", label: "Salaire" },
                  { name: "location", label: "Lieu" },
                  {
                    name: "aliases",
                    label: "Autres slugs (facultatif)",
                    hint: "Séparés par des virgules ; redirigés vers la page de la formation.",
                  },
                ]}
              />
            </div>
          </FormSection>

          <FormSection title="Informations publiées (Qualiopi, indicateur 1)">
            <ConsoleFields
              {...common}
              fields={[
                { as: "textarea", name: "prerequisites", label: "Prérequis" },
                {
                  as: "textarea",
                  name: "accessArrangements",
                  label: "Modalités d'accès",
                  hint: "Candidature, entretien, tests, contrat…",
                },
                { name: "accessDelay", label: "Délai d'accès" },
                {
                  as: "textarea",
                  name: "priceDetails",
                  label: "Détail des tarifs",
                  hint: "Ce que couvre le prix, tarif entreprise, prise en charge possible.",
                },
              ]}
            />
            <div className="grid gap-4 sm:grid-cols-3">
              <ConsoleFields
                {...common}
                fields={[
                  { name: "contactName", label: "Interlocuteur", hint: "Nom et fonction" },
                  { name: "contactPhone", label: "Téléphone de contact", type: "tel" },
                  { name: "contactEmail", label: "E-mail de contact", type: "email" },
                ]}
              />
            </div>
            <ConsoleFields
              {...common}
              fields={[
                { as: "textarea", name: "teachingMethods", label: "Méthodes pédagogiques" },
                { as: "textarea", name: "assessmentMethods", label: "Modalités d'évaluation" },
                { as: "textarea", name: "accessibility", label: "Accessibilité (handicap)" },
              ]}
            />
          </FormSection>

          <FormSection title="Certification (Qualiopi, indicateur 3)">
            <SwitchField
              form={F}
              name="certifying"
              label="Formation certifiante (RNCP ou RS)"
              checked={certifying}
              onCheckedChange={setCertifying}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <ConsoleFields
                {...common}
                fields={[
                  {
                    name: "rncpCode",
                    label: "Code RNCP ou RS",
                    hint: "Par exemple RNCP 35030 ou RS 5826 : la page renvoie vers sa fiche France Compétences.",
                  },
                  { name: "certificationRegisteredOn", label: "Date d'enregistrement", type: "date" },
                  { name: "certifier", label: "Certificateur" },
                  {
                    as: "select",
                    name: "bpfObjective",
                    label: "Objectif pour le bilan pédagogique et financier",
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
                  label: "Certification visée",
                  hint: "Ce que l'apprenant obtient à la fin (titre, diplôme, certificat, attestation) : les « résultats attendus » de l'export Lhéo.",
                },
                {
                  as: "textarea",
                  name: "skillBlocks",
                  label: "Blocs de compétences",
                  hint: "Un bloc par ligne.",
                },
                { as: "textarea", name: "equivalences", label: "Équivalences et passerelles" },
                { as: "textarea", name: "furtherPaths", label: "Suites de parcours" },
              ]}
            />
          </FormSection>

          <ResultsEditor name="results" initial={f?.results ?? []} error={common.errors?.results} />

          <FormSection title="Compétences et Objectifs">
            <ConsoleFields
              {...common}
              fields={[
                { as: "textarea", name: "objectives", label: "Objectifs", hint: "Un objectif par ligne." },
                { name: "skills", label: "Compétences", hint: "Séparées par des virgules." },
                {
                  name: "careerOpportunities",
                  label: "Débouchés (métiers visés)",
                  hint: "Séparés par des virgules.",
                },
                {
                  name: "funding",
                  label: "Financements",
                  hint: "Séparés par des virgules, par exemple : CPF, Alternance, OPCO.",
                },
              ]}
            />
            <ModulesEditor name="program" initial={f?.program ?? []} />
            {common.errors?.program ? (
              <p className="text-sm text-destructive">{common.errors.program}</p>
            ) : null}
          </FormSection>

          <FormSection title="Export Lhéo (Carif-Oref, France Travail)">
            <p className="text-xs text-muted-foreground">
              Les catalogues publics de formations reçoivent l'offre du centre par l'adresse /lheo.xml. Une
              formation y figure quand ces champs, les objectifs, les prérequis, le niveau requis et le rythme
              de chaque session à venir sont remplis.
            </p>
            <div className="grid gap-4 sm:grid-cols-3">
              <ConsoleFields
                {...common}
                fields={[
                  {
                    name: "formacodes",
                    label: "Codes Formacode",
                    hint: "Le domaine de la formation : jusqu'à 5 codes de 5 chiffres, séparés par des virgules (par exemple 31054).",
                  },
                  {
                    name: "nsfCodes",
                    label: "Codes NSF (facultatif)",
                    hint: "La spécialité de formation : jusqu'à 3 codes de 3 chiffres (par exemple 326).",
                  },
                  {
                    name: "romeCodes",
                    label: "Codes ROME (facultatif)",
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
                    label: "Type de parcours",
                    hint: "Comment les stagiaires suivent la formation.",
                    options: [{ value: "", label: "Choisissez…" }, ...LHEO_PATHS],
                  },
                  {
                    as: "select",
                    name: "entryMode",
                    label: "Entrées et sorties",
                    hint: "Aux dates des sessions, ou à tout moment.",
                    options: [{ value: "", label: "Choisissez…" }, ...LHEO_ENTRY_MODES],
                  },
                  {
                    as: "select",
                    name: "generalObjective",
                    label: "Objectif général (facultatif)",
                    hint: "Ce que la formation apporte d'abord.",
                    options: [{ value: "", label: "Non précisé" }, ...LHEO_GENERAL_OBJECTIVES],
                  },
                ]}
              />
            </div>
            <CheckboxGroup
              form={F}
              name="targetPublics"
              legend="Public visé"
              hint="À qui s'adresse la formation (au moins un choix)."
              options={LHEO_PUBLICS}
              initial={f?.targetPublics ?? []}
              error={common.errors?.targetPublics}
            />
            <CheckboxGroup
              form={F}
              name="lheoFunders"
              legend="Financeurs possibles (facultatif)"
              hint="Qui peut payer la formation, 8 au plus."
              options={LHEO_FUNDERS}
              initial={f?.lheoFunders ?? []}
              error={common.errors?.lheoFunders}
            />
          </FormSection>

          <FormSection title="Paramètres">
            <ConsoleFields
              {...common}
              fields={[
                {
                  name: "position",
                  label: "Ordre d'affichage",
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
              error={common.errors?.goals}
            />
            <SwitchField
              form={F}
              name="active"
              label="Formation active"
              checked={active}
              onCheckedChange={setActive}
            />
            <SwitchField
              form={F}
              name="financingEligible"
              label="Éligible au financement"
              checked={eligible}
              onCheckedChange={setEligible}
            />
          </FormSection>
        </>
      )}
    </FormDialog>
  );
}
