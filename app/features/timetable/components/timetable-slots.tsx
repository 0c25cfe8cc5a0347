// A session's planning as the console lists it: the clashes in words, the slots (each editable or
// deleted in place) and the totals computed from them.
import { AlertTriangle, Pencil, Trash2 } from "lucide-react";
import { NNBSP, quoted } from "~/platform/french";
import { Button } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { ActionsCell, IconAction, ListTable } from "~/ui/console/list-table";
import { useConfirmDelete } from "~/ui/console/use-confirm-delete";
import { useEditDialog } from "~/ui/console/use-edit-dialog";
import { Td, Tr } from "~/ui/table";
import { hoursText } from "../slots";
import type { SessionTimetable } from "../timetable.server";
import { range, type Slot, SlotDialog, slotDay } from "./timetable-editor";

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
