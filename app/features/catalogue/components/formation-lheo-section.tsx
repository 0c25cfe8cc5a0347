// The formation editor's 'Lhéo': the codes public catalogues of formations read from /lheo.xml.

import type { AdminFormation } from "~/features/catalogue/console-formations.server";
import { FORMATION_FIELD_LABELS as L } from "~/features/catalogue/formation-entity";
import { CheckboxGroup } from "~/ui/console/checkbox-group";
import type { FieldsContext } from "~/ui/console/form-dialog";
import { ConsoleFields, FormSection } from "~/ui/console/form-fields";
import {
  LHEO_ENTRY_MODES,
  LHEO_FUNDERS,
  LHEO_GENERAL_OBJECTIVES,
  LHEO_PATHS,
  LHEO_PUBLICS,
} from "../lheo/lheo-codes";
import { F, SECTIONS, sectionId } from "./formation-editor-sections";

export function LheoSection({
  common,
  formation: f,
}: {
  common: FieldsContext;
  formation: AdminFormation | null;
}) {
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
