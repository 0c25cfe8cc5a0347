import { useState } from "react";
import { SESSION_MODES } from "~/lib/sessions";
import type { AdminSession } from "~/server/admin/sessions.server";
import { FormDialog } from "./form-dialog";
import { SelectField, SwitchField, TextField } from "./form-fields";

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
  return (
    <FormDialog
      form={F}
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
            <TextField
              {...common}
              name="startDate"
              label="Début"
              type="date"
              required
              defaultValue={s?.startDate ?? ""}
            />
            <TextField
              {...common}
              name="endDate"
              label="Fin"
              type="date"
              required
              defaultValue={s?.endDate ?? ""}
            />
            <SelectField
              {...common}
              name="mode"
              label="Modalité"
              required
              defaultValue={s?.mode ?? "presentiel"}
              options={SESSION_MODES}
            />
            <TextField
              {...common}
              name="seats"
              label="Places"
              type="number"
              min={1}
              max={1000}
              required
              defaultValue={String(s?.seats ?? 12)}
            />
          </div>
          <TextField
            {...common}
            name="place"
            label="Lieu"
            required
            hint="Une adresse, ou « En ligne »."
            defaultValue={s?.place ?? ""}
          />
          <TextField
            {...common}
            name="rhythm"
            label="Rythme"
            hint="Par exemple : 2 jours en centre / 3 jours en entreprise."
            defaultValue={s?.rhythm ?? ""}
          />
          <TextField
            {...common}
            name="applicationDeadline"
            label="Date limite de candidature"
            type="date"
            hint="Sans date, les candidatures ferment au début de la session."
            defaultValue={s?.applicationDeadline ?? ""}
          />
          <SwitchField
            form={F}
            name="closed"
            label="Clôturer les candidatures"
            checked={closed}
            onCheckedChange={setClosed}
          />
        </>
      )}
    </FormDialog>
  );
}
