import { useState } from "react";
import { GOALS } from "~/content/goals";
import { FORMATION_BADGES, FORMATION_TYPE_LABELS, FORMATION_TYPES, optionsOf } from "~/lib/vocabulary";
import type { AdminFormation } from "~/server/admin/formations.server";
import { FormDialog, TitleSlugFields, useTitleSlug } from "./form-dialog";
import { FormSection, SelectField, SwitchField, TextAreaField, TextField } from "./form-fields";
import { ModulesEditor } from "./modules-editor";
import { QualiopiStatus } from "./qualiopi-status";
import { ResultsEditor } from "./results-editor";

const F = "formation";

/**
 * 'Ajouter une formation' / 'Modifier la formation': every column of the formations table, in
 * sections, the published items Qualiopi asks for grouped by indicator, with what the saved record
 * still lacks at the top. Mounted afresh each time it opens, so 'Annuler' resets it.
 */
export function FormationDialog({
  formation,
  onDone,
}: {
  formation: AdminFormation | null;
  onDone: () => void;
}) {
  const f = formation;
  const titleSlug = useTitleSlug(f);
  const [active, setActive] = useState(f?.active ?? true);
  const [eligible, setEligible] = useState(f?.financingEligible ?? true);
  const [certifying, setCertifying] = useState(f?.certifying ?? false);
  const [goals, setGoals] = useState<string[]>(f?.goals ?? []);

  return (
    <FormDialog
      form={F}
      id={f?.id ?? null}
      title={f ? "Modifier la formation" : "Ajouter une formation"}
      description="Les champs marqués d'un astérisque (*) sont obligatoires."
      className="max-w-3xl"
      formClassName="space-y-6"
      ready={Boolean(titleSlug.title.trim())}
      onDone={onDone}
    >
      {(common) => (
        <>
          {f ? <QualiopiStatus formation={f} className="text-sm" /> : null}
          <FormSection title="Informations de base">
            <div className="grid gap-4 sm:grid-cols-2">
              <TitleSlugFields fields={common} state={titleSlug} />
              <SelectField
                {...common}
                name="formationType"
                label="Type"
                required
                defaultValue={f?.formationType ?? "alternance"}
                options={optionsOf(FORMATION_TYPES, FORMATION_TYPE_LABELS)}
              />
              <SelectField
                {...common}
                name="badge"
                label="Badge"
                defaultValue={f?.badge ?? ""}
                options={[
                  { value: "", label: "Aucun" },
                  ...FORMATION_BADGES.map((b) => ({ value: b, label: b })),
                ]}
              />
              <TextField
                {...common}
                name="duration"
                label="Durée"
                required
                defaultValue={f?.duration ?? ""}
              />
              <TextField
                {...common}
                name="levelRequired"
                label="Niveau requis"
                required
                defaultValue={f?.levelRequired ?? ""}
              />
              <TextField {...common} name="format" label="Format" defaultValue={f?.format ?? ""} />
              <TextField
                {...common}
                name="price"
                label="Prix (€)"
                inputMode="decimal"
                defaultValue={f ? String(f.price) : "0"}
              />
              <TextField {...common} name="sector" label="Secteur / diplôme" defaultValue={f?.sector ?? ""} />
            </div>
            <TextAreaField
              {...common}
              name="description"
              label="Description courte"
              required
              defaultValue={f?.description ?? ""}
            />
          </FormSection>

          <FormSection title="Informations détaillées">
            <TextAreaField
              {...common}
              name="longDescription"
              label="Description détaillée"
              defaultValue={f?.longDescription ?? ""}
            />
            <TextAreaField
              {...common}
              name="content"
              label="Contenu (Markdown)"
              defaultValue={f?.content ?? ""}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField {...common} name="salaryRange" label="Salaire" defaultValue={f?.salaryRange ?? ""} />
              <TextField {...common} name="location" label="Lieu" defaultValue={f?.location ?? ""} />
              <TextField
                {...common}
                name="imageUrl"
                label="Image (URL)"
                hint="Un chemin du site (/images/…) ou une adresse https://"
                defaultValue={f?.imageUrl ?? ""}
              />
              <TextField
                {...common}
                name="aliases"
                label="Autres slugs (facultatif)"
                hint="Séparés par des virgules ; redirigés vers la page de la formation."
                defaultValue={f?.aliases.join(", ") ?? ""}
              />
            </div>
          </FormSection>

          <FormSection title="Informations publiées (Qualiopi, indicateur 1)">
            <TextAreaField
              {...common}
              name="prerequisites"
              label="Prérequis"
              defaultValue={f?.prerequisites ?? ""}
            />
            <TextAreaField
              {...common}
              name="accessArrangements"
              label="Modalités d'accès"
              hint="Candidature, entretien, tests, contrat…"
              defaultValue={f?.accessArrangements ?? ""}
            />
            <TextField
              {...common}
              name="accessDelay"
              label="Délai d'accès"
              defaultValue={f?.accessDelay ?? ""}
            />
            <TextAreaField
              {...common}
              name="priceDetails"
              label="Détail des tarifs"
              hint="Ce que couvre le prix, tarif entreprise, prise en charge possible."
              defaultValue={f?.priceDetails ?? ""}
            />
            <div className="grid gap-4 sm:grid-cols-3">
              <TextField
                {...common}
                name="contactName"
                label="Interlocuteur"
                hint="Nom et fonction"
                defaultValue={f?.contactName ?? ""}
              />
              <TextField
                {...common}
                name="contactPhone"
                label="Téléphone de contact"
                type="tel"
                defaultValue={f?.contactPhone ?? ""}
              />
              <TextField
                {...common}
                name="contactEmail"
                label="E-mail de contact"
                type="email"
                defaultValue={f?.contactEmail ?? ""}
              />
            </div>
            <TextAreaField
              {...common}
              name="teachingMethods"
              label="Méthodes pédagogiques"
              defaultValue={f?.teachingMethods ?? ""}
            />
            <TextAreaField
              {...common}
              name="assessmentMethods"
              label="Modalités d'évaluation"
              defaultValue={f?.assessmentMethods ?? ""}
            />
            <TextAreaField
              {...common}
              name="accessibility"
              label="Accessibilité (handicap)"
              defaultValue={f?.accessibility ?? ""}
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
              <TextField
                {...common}
                name="rncpCode"
                label="Code RNCP ou RS"
                hint="Par exemple RNCP 35030 ou RS 5826 : la page renvoie vers sa fiche France Compétences."
                defaultValue={f?.rncpCode ?? ""}
              />
              <TextField
                {...common}
                name="certificationRegisteredOn"
                label="Date d'enregistrement"
                type="date"
                defaultValue={f?.certificationRegisteredOn ?? ""}
              />
              <TextField
                {...common}
                name="certifier"
                label="Certificateur"
                defaultValue={f?.certifier ?? ""}
              />
            </div>
            <TextAreaField
              {...common}
              name="certification"
              label="Certification visée"
              defaultValue={f?.certification ?? ""}
            />
            <TextAreaField
              {...common}
              name="skillBlocks"
              label="Blocs de compétences"
              hint="Un bloc par ligne."
              defaultValue={f?.skillBlocks.join("\n") ?? ""}
            />
            <TextAreaField
              {...common}
              name="equivalences"
              label="Équivalences et passerelles"
              defaultValue={f?.equivalences ?? ""}
            />
            <TextAreaField
              {...common}
              name="furtherPaths"
              label="Suites de parcours"
              defaultValue={f?.furtherPaths ?? ""}
            />
          </FormSection>

          <ResultsEditor name="results" initial={f?.results ?? []} error={common.errors?.results} />

          <FormSection title="Compétences et Objectifs">
            <TextAreaField
              {...common}
              name="objectives"
              label="Objectifs"
              hint="Un objectif par ligne."
              defaultValue={f?.objectives.join("\n") ?? ""}
            />
            <TextField
              {...common}
              name="skills"
              label="Compétences"
              hint="Séparées par des virgules."
              defaultValue={f?.skills.join(", ") ?? ""}
            />
            <TextField
              {...common}
              name="careerOpportunities"
              label="Débouchés (métiers visés)"
              hint="Séparés par des virgules."
              defaultValue={f?.careerOpportunities.join(", ") ?? ""}
            />
            <TextField
              {...common}
              name="funding"
              label="Financements"
              hint="Séparés par des virgules, par exemple : CPF, Alternance, OPCO."
              defaultValue={f?.funding.join(", ") ?? ""}
            />
            <ModulesEditor name="program" initial={f?.program ?? []} />
            {common.errors?.program ? (
              <p className="text-sm text-destructive">{common.errors.program}</p>
            ) : null}
          </FormSection>

          <FormSection title="Paramètres">
            <TextField
              {...common}
              name="position"
              label="Ordre d'affichage"
              inputMode="numeric"
              hint="Les formations sont listées sur le site de la plus petite valeur à la plus grande."
              defaultValue={String(f?.position ?? 0)}
            />
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">
                Objectifs (recommandations de la page d'accueil)
              </legend>
              <input type="hidden" name="goals" value={goals.join(",")} />
              <div className="grid gap-2 sm:grid-cols-2">
                {GOALS.map((g) => (
                  <label key={g.id} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={goals.includes(g.id)}
                      onChange={(e) =>
                        setGoals((now) =>
                          e.target.checked ? [...now, g.id] : now.filter((id) => id !== g.id),
                        )
                      }
                    />
                    {g.title}
                  </label>
                ))}
              </div>
              {common.errors?.goals ? (
                <p className="text-sm text-destructive">{common.errors.goals}</p>
              ) : null}
            </fieldset>
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
