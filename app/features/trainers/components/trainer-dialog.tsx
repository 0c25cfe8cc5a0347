import type { AdminTrainer } from "~/features/trainers/console-trainers.server";
import { FormDialog } from "~/ui/console/form-dialog";
import { ConsoleFields, rowValues } from "~/ui/console/form-fields";
import { CheckboxField } from "~/ui/field";

const F = "formateur";

/**
 * 'Nouveau formateur' / 'Modifier le formateur': who they are, how to reach them, what they teach and
 * what qualifies them (the agreements print it), and whether they still teach: an inactive trainer
 * is no longer offered by the timetable. On a trainer's own page the dialog posts to the register's
 * action (`action`).
 */
export function TrainerDialog({
  trainer,
  onDone,
  action,
}: {
  trainer: AdminTrainer | null;
  onDone: () => void;
  action?: string;
}) {
  return (
    <FormDialog
      form={F}
      values={rowValues(trainer)}
      id={trainer?.id ?? null}
      title={trainer ? "Modifier le formateur ou la formatrice" : "Nouveau formateur ou nouvelle formatrice"}
      description="Ses coordonnées, ses compétences et sa qualification, telles que les conventions et contrats l'impriment."
      className="max-w-2xl"
      onDone={onDone}
      action={action}
    >
      {(common) => (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <ConsoleFields
              {...common}
              fields={[
                { name: "firstName", label: "Prénom", required: true, autoComplete: "off" },
                { name: "lastName", label: "Nom", required: true, autoComplete: "off" },
                {
                  name: "email",
                  label: "E-mail",
                  type: "email",
                  autoComplete: "off",
                  hint: "Facultatif ; une adresse par personne (son espace formateur s'y connecte)",
                },
                { name: "phone", label: "Téléphone", type: "tel", autoComplete: "off", hint: "Facultatif" },
              ]}
            />
          </div>
          <ConsoleFields
            {...common}
            fields={[
              {
                as: "textarea",
                name: "skills",
                label: "Compétences",
                hint: "Ce qu'il ou elle enseigne : domaines, outils, niveaux",
                maxLength: 2000,
              },
              {
                as: "textarea",
                name: "qualification",
                label: "Qualification",
                hint: "Diplômes, titres et expérience : imprimés sur les conventions et contrats (article L. 6353-4 du Code du travail)",
                maxLength: 2000,
              },
            ]}
          />
          <CheckboxField form={F} name="active" defaultChecked={trainer ? trainer.active : true}>
            En activité (proposé·e dans le planning des sessions)
          </CheckboxField>
        </>
      )}
    </FormDialog>
  );
}
