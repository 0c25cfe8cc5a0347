import { AlertTriangle, Pencil, Trash2 } from "lucide-react";
import { NNBSP, quoted } from "~/platform/french";
import { Button } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { CheckboxGroup } from "~/ui/console/checkbox-group";
import { FormDialog } from "~/ui/console/form-dialog";
import { SelectField, TextField } from "~/ui/console/form-fields";
import { ActionsCell, IconAction, ListTable } from "~/ui/console/list-table";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { useConfirmDelete } from "~/ui/console/use-confirm-delete";
import { useEditDialog } from "~/ui/console/use-edit-dialog";
import { Td, Tr } from "~/ui/table";
import { hoursText, timeText, timeValue, WEEKDAYS } from "../slots";
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
const range = (s: { startMinute: number; endMinute: number }) =>
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

type Slot = SessionTimetable["slots"][number];

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
function SlotDialog({
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

const REASON = { trainer: "Formateur·rice", place: "Lieu" } as const;

/** The clashes, said in words above the slots: who or where, and the other slot. */
export function ClashWarning({ timetable }: { timetable: SessionTimetable }) {
  const { clashes, slots } = timetable;
  if (!clashes.length) return null;
  const byId = new Map(slots.map((s) => [s.id, s]));
  return (
    <div
      className="mb-6 rounded-md border border-destructive/50 bg-destructive/5 p-4"
      role="alert"
      data-testid="timetable-clashes"
    >
      <p className="flex items-center gap-2 font-semibold text-destructive">
        <AlertTriangle aria-hidden="true" className="h-4 w-4" />
        {clashes.length > 1 ? `${clashes.length} conflits de planning` : "1 conflit de planning"}
      </p>
      <ul className="mt-2 grid gap-1 text-sm">
        {clashes.map((c) => {
          const slot = byId.get(c.slotId);
          return (
            <li key={`${c.slotId}-${c.reason}-${c.other.sessionId}-${c.other.day}-${c.other.startMinute}`}>
              {REASON[c.reason]} {quoted(c.shared)}
              {NNBSP}: {slot ? `${slotDay(slot.day)}, ${range(slot)}` : ""} chevauche {range(c.other)} (
              {c.other.title}
              {c.other.sessionId === timetable.session.id ? ", même session" : ""})
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The slots, in order, with their hours, place or link, trainer, and a mark on those that clash. */
export function SlotsTable({ timetable, disabled }: { timetable: SessionTimetable; disabled: boolean }) {
  const { slots, clashes, session } = timetable;
  const clashing = new Set(clashes.map((c) => c.slotId));
  const remove = useConfirmDelete({ question: "Supprimer ce créneau ?" });
  const editor = useEditDialog<Slot>();
  const clear = useConfirmDelete({
    intent: "clear",
    question: "Vider le planning de cette session ?",
    description: "Tous les créneaux de la session seront supprimés.",
    confirmLabel: "Vider",
  });
  return (
    <>
      <ListTable
        columns={["Date", "Horaires", "Durée", "Lieu ou lien", "Formateur·rice"]}
        actions
        items={slots}
        empty="Aucun créneau : générez le planning ou ajoutez un créneau."
      >
        {(s) => (
          <Tr key={s.id} data-testid="timetable-slot">
            <Td className="first-letter:uppercase">{slotDay(s.day)}</Td>
            <Td className="whitespace-nowrap">
              {range(s)}
              {clashing.has(s.id) ? (
                <span className="ml-2 rounded bg-destructive/10 px-1.5 py-0.5 text-xs font-medium text-destructive">
                  Conflit
                </span>
              ) : null}
            </Td>
            <Td className="whitespace-nowrap">{hoursText(s.endMinute - s.startMinute)}</Td>
            <Td className="break-words">
              {s.place}
              {s.link ? (
                <a className="block text-primary underline" href={s.link} rel="noreferrer" target="_blank">
                  {s.link}
                </a>
              ) : null}
            </Td>
            <Td>{s.trainer ?? "—"}</Td>
            <ActionsCell>
              <IconAction
                label={`Modifier le créneau du ${slotDay(s.day)}, ${range(s)}`}
                icon={Pencil}
                disabled={disabled}
                onClick={() => editor.edit(s)}
              />
              <IconAction
                label={`Supprimer le créneau du ${slotDay(s.day)}, ${range(s)}`}
                icon={Trash2}
                destructive
                disabled={disabled}
                onClick={() => remove.ask(s.id)}
              />
            </ActionsCell>
          </Tr>
        )}
      </ListTable>
      {slots.length && !disabled ? (
        <div className="mt-4">
          <Button variant="outline" onClick={() => clear.ask(session.id)}>
            Vider le planning
          </Button>
        </div>
      ) : null}
      {remove.dialog}
      {clear.dialog}
      {editor.render((slot) =>
        slot ? (
          <SlotDialog slot={slot} session={session} trainers={timetable.trainers} onDone={editor.close} />
        ) : null,
      )}
    </>
  );
}

/** Total hours and number of slots, computed from the slots. */
export function TimetableTotals({ timetable }: { timetable: SessionTimetable }) {
  const n = timetable.slots.length;
  return (
    <Card className="mb-6">
      <CardContent className="flex flex-wrap gap-x-8 gap-y-2">
        <p>
          <span className="text-sm text-muted-foreground">Durée totale </span>
          <strong data-testid="timetable-hours">{hoursText(timetable.totalMinutes)}</strong>
        </p>
        <p>
          <span className="text-sm text-muted-foreground">Créneaux </span>
          <strong data-testid="timetable-count">{n}</strong>
        </p>
      </CardContent>
    </Card>
  );
}
