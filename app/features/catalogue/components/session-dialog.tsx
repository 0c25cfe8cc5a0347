import { useState } from "react";
import type { AdminSession } from "~/features/catalogue/console-sessions.server";
import { SESSION_FIELD_LABELS } from "~/features/catalogue/session-entity";
import { SESSION_MODES } from "~/features/catalogue/sessions";
import { FormDialog } from "~/ui/console/form-dialog";
import { ConsoleFields, rowValues, SwitchField } from "~/ui/console/form-fields";

const F = "session";

/** 'Nouvelle session' / 'Modifier la session' of one formation. */
export function SessionDialog({
  formationId,
  session,
  onDone,
}: {
  formationId: string;
  session: AdminSession | null;
  onDone: () => void;
}) {
  const s = session;
  const [closed, setClosed] = useState(s?.closed ?? false);
  const values = rowValues(s, { mode: "presentiel", seats: "12" });
  return (
    <FormDialog
      form={F}
      values={values}
      id={s?.id ?? null}
      title={s ? "Modifier la session" : "Nouvelle session"}
      description="Dates, modalité, lieu et nombre de places. Les places se libèrent ou se prennent à l'admission."
      className="max-w-2xl"
      onDone={onDone}
    >
      {(common) => (
        <>
          <input type="hidden" name="formationId" value={formationId} />
          <div className="grid gap-4 sm:grid-cols-2">
            <ConsoleFields
              {...common}
              fields={[
                { name: "startDate", label: SESSION_FIELD_LABELS.startDate, type: "date", required: true },
                { name: "endDate", label: SESSION_FIELD_LABELS.endDate, type: "date", required: true },
                {
                  as: "select",
                  name: "mode",
                  label: SESSION_FIELD_LABELS.mode,
                  required: true,
                  options: SESSION_MODES,
                },
                {
                  name: "seats",
                  label: SESSION_FIELD_LABELS.seats,
                  type: "number",
                  min: 1,
                  max: 1000,
                  required: true,
                },
              ]}
            />
          </div>
          <ConsoleFields
            {...common}
            fields={[
              {
                name: "place",
                label: SESSION_FIELD_LABELS.place,
                required: true,
                hint: "Une adresse, ou « En ligne ».",
              },
              {
                name: "rhythm",
                label: SESSION_FIELD_LABELS.rhythm,
                hint: "Par exemple : 2 jours en centre / 3 jours en entreprise, ou Temps plein. Exigé pour l'export Lhéo.",
              },
              {
                name: "applicationDeadline",
                label: SESSION_FIELD_LABELS.applicationDeadline,
                type: "date",
                hint: "Sans date, les candidatures ferment au début de la session.",
              },
            ]}
          />
          <SwitchField
            form={F}
            name="closed"
            label={SESSION_FIELD_LABELS.closed}
            checked={closed}
            onCheckedChange={setClosed}
          />
        </>
      )}
    </FormDialog>
  );
}
