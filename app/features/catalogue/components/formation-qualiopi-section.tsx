// The formation editor's 'Qualiopi': the information indicator 1 asks to publish (prerequisites, access,
// contact, methods, accessibility) and the certification of indicator 3.

import { FORMATION_BPF_OBJECTIVE_LABELS, FORMATION_BPF_OBJECTIVES } from "~/features/catalogue/bpf-objective";
import type { AdminFormation } from "~/features/catalogue/console-formations.server";
import { editorFields, FORMATION_FIELD_LABELS as L } from "~/features/catalogue/formation-entity";
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
        <ConsoleFields {...common} fields={editorFields("qualiopi-access")} />
        <div className="grid gap-4 sm:grid-cols-3">
          <ConsoleFields {...common} fields={editorFields("qualiopi-contact")} />
        </div>
        <ConsoleFields {...common} fields={editorFields("qualiopi-methods")} />
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
        <ConsoleFields {...common} fields={editorFields("certification-texts")} />
      </FormSection>

      <ResultsEditor name="results" initial={f?.results ?? []} error={common.errors?.results} />
    </div>
  );
}
