// The formation editor's 'Qualiopi': the information indicator 1 asks to publish (prerequisites, access,
// contact, methods, accessibility) and the certification of indicator 3.

import { FORMATION_BPF_OBJECTIVE_LABELS, FORMATION_BPF_OBJECTIVES } from "~/features/catalogue/bpf-objective";
import type { AdminFormation } from "~/features/catalogue/console-formations.server";
import { FORMATION_FIELD_LABELS as L } from "~/features/catalogue/formation-entity";
import type { FieldsContext } from "~/ui/console/form-dialog";
import { ConsoleFields, FormSection, SwitchField } from "~/ui/console/form-fields";
import { F, sectionId } from "./formation-editor-sections";
import { ResultsEditor } from "./results-editor";

export function QualiopiSection({
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
