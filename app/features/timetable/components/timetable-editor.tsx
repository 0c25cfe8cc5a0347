import { Button } from "~/ui/button";
import { CheckboxGroup } from "~/ui/console/checkbox-group";
import { FormDialog } from "~/ui/console/form-dialog";
import { SelectField, TextField } from "~/ui/console/form-fields";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { timeText, timeValue, WEEKDAYS } from "../slots";
import type { SessionTimetable } from "../timetable.server";

const DAY = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
/** 'lundi 6 avril 2026'. */
export const slotDay = (day: string) => DAY.format(new Date(`${day}T12:00:00Z`));
/** '9 h–12 h 30', a slot's hours. */
export const range = (s: { startMinute: number; endMinute: number }) =>
  `${timeText(s.startMinute)}–${timeText(s.endMinute)}`;

/** Where a slot happens, shared by the pattern, the single-slot and the edit forms. */
function WhereFields({
  form,
  errors,
  place,
  link = "",
  trainerId = "",
  trainers,
}: {
  form: string;
  errors?: Record<string, string>;
  place: string;
  link?: string;
  trainerId?: string;
  /** The register's active trainers (and the slot's own, if made inactive since). */
  trainers: SessionTimetable["trainers"];
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <TextField
        form={form}
        name="place"
        label="Lieu ou salle"
        defaultValue={place}
        errors={errors}
        maxLength={300}
      />
      <TextField
        form={form}
        name="link"
        label="Lien (à distance)"
        type="url"
        placeholder="https://"
        defaultValue={link}
        errors={errors}
        maxLength={2000}
      />
      <SelectField
        form={form}
        name="trainerId"
        label="Formateur·rice"
        defaultValue={trainerId}
        errors={errors}
        options={[
          { value: "", label: trainers.length ? "À préciser" : "Aucun formateur au registre" },
          ...trainers.map((t) => ({ value: t.id, label: t.active ? t.name : `${t.name} (inactif·ve)` })),
        ]}
      />
    </div>
  );
}

/** 'Lundi et mardi, 9 h–12 h 30 et 13 h 30–17 h, du … au …': the slots generated at once, holidays skipped. */
export function PatternForm({ timetable, disabled }: { timetable: SessionTimetable; disabled: boolean }) {
  const { session } = timetable;
  const fetcher = useAdminFetcher();
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="grid gap-4" aria-label="Générer le planning">
      <input type="hidden" name="intent" value="generate" />
      <input type="hidden" name="sessionId" value={session.id} />
      <CheckboxGroup
        form="pattern"
        name="weekdays"
        legend="Jours de la semaine"
        options={WEEKDAYS}
        initial={[]}
        error={errors?.weekdays}
      />
      <div className="grid gap-4 sm:grid-cols-4">
        <TextField
          form="pattern"
          name="start1"
          label="Matin : début"
          type="time"
          defaultValue="09:00"
          errors={errors}
        />
        <TextField
          form="pattern"
          name="end1"
          label="Matin : fin"
          type="time"
          defaultValue="12:30"
          errors={errors}
        />
        <TextField
          form="pattern"
          name="start2"
          label="Après-midi : début"
          type="time"
          defaultValue="13:30"
          hint="Laissez vide pour un seul créneau par jour."
          errors={errors}
        />
        <TextField
          form="pattern"
          name="end2"
          label="Après-midi : fin"
          type="time"
          defaultValue="17:00"
          errors={errors}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          form="pattern"
          name="from"
          label="Du"
          type="date"
          defaultValue={session.startDate}
          errors={errors}
        />
        <TextField
          form="pattern"
          name="to"
          label="Au"
          type="date"
          defaultValue={session.endDate}
          errors={errors}
        />
      </div>
      <WhereFields form="pattern" errors={errors} place={session.place} trainers={timetable.trainers} />
      <p className="text-sm text-muted-foreground">
        Les jours fériés (1er janvier, lundi de Pâques, 1er et 8 mai, Ascension, lundi de Pentecôte, 14
        juillet, 15 août, 1er et 11 novembre, 25 décembre) sont sautés ; un créneau déjà saisi reste tel quel.
      </p>
      <div>
        <Button type="submit" disabled={disabled || busy}>
          {busy ? "Génération..." : "Générer le planning"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

export type Slot = SessionTimetable["slots"][number];

/** A slot's day and times, as the add and edit forms ask them; `slot` fills them in. */
function WhenFields({
  form,
  errors,
  session,
  slot,
}: {
  form: string;
  errors?: Record<string, string>;
  session: SessionTimetable["session"];
  slot?: Slot;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <TextField
        form={form}
        name="day"
        label="Date"
        type="date"
        min={session.startDate}
        max={session.endDate}
        defaultValue={slot?.day}
        errors={errors}
      />
      <TextField
        form={form}
        name="start"
        label="Début"
        type="time"
        defaultValue={slot ? timeValue(slot.startMinute) : undefined}
        errors={errors}
      />
      <TextField
        form={form}
        name="end"
        label="Fin"
        type="time"
        defaultValue={slot ? timeValue(slot.endMinute) : undefined}
        errors={errors}
      />
    </div>
  );
}

/** One slot entered by hand. */
export function SlotForm({ timetable, disabled }: { timetable: SessionTimetable; disabled: boolean }) {
  const { session } = timetable;
  const fetcher = useAdminFetcher();
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="grid gap-4" aria-label="Ajouter un créneau">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="sessionId" value={session.id} />
      <WhenFields form="slot" errors={errors} session={session} />
      <WhereFields form="slot" errors={errors} place={session.place} trainers={timetable.trainers} />
      <div>
        <Button type="submit" variant="outline" disabled={disabled || busy}>
          Ajouter le créneau
        </Button>
      </div>
    </fetcher.Form>
  );
}

/**
 * 'Modifier' on one slot: the same fields and checks as an addition; a clash it makes shows above
 * the slots once saved, as after an addition.
 */
export function SlotDialog({
  slot,
  session,
  trainers,
  onDone,
}: {
  slot: Slot;
  session: SessionTimetable["session"];
  trainers: SessionTimetable["trainers"];
  onDone: () => void;
}) {
  return (
    <FormDialog
      form="edit-slot"
      id={slot.id}
      title="Modifier le créneau"
      description={`${slotDay(slot.day)}, ${range(slot)}`}
      className="max-w-2xl"
      onDone={onDone}
    >
      {({ form, errors }) => (
        <>
          <input type="hidden" name="sessionId" value={session.id} />
          <WhenFields form={form} errors={errors} session={session} slot={slot} />
          <WhereFields
            form={form}
            errors={errors}
            place={slot.place ?? ""}
            link={slot.link ?? ""}
            trainerId={slot.trainerId ?? ""}
            trainers={trainers}
          />
        </>
      )}
    </FormDialog>
  );
}
