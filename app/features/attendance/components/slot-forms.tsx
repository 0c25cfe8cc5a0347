import { useState } from "react";
import { recordedTimeText } from "~/platform/paris-time";
import { Button } from "~/ui/button";
import { useAdminFetcher } from "~/ui/console/use-admin-fetcher";
import { Input, Label } from "~/ui/input";
import {
  ATTENDANCE_METHOD_LABELS,
  ATTENDANCE_STATUS_LABELS,
  type AttendanceMethod,
  type AttendanceStatus,
} from "../vocabulary";
import { SignaturePad } from "./signature-pad";

// A slot's signing page's forms, shared by the console's page and the trainer's own in their space:
// a learner's mark (or a correction), the trainer's countersignature, and how an entry reads.

/** The slot a form posts for. */
export interface SlotRef {
  sessionId: string;
  slotId: string;
}

/** A learner's latest entry for the slot, as the page shows it. */
export interface EntryView {
  status: AttendanceStatus;
  lateMinutes: number;
  reason: string | null;
  method: AttendanceMethod;
  recordedAt: Date | string;
  count: number;
}

/** An entry of the slot on `day`: its date too when it was recorded another day (typed afterwards). */
export function entryText(entry: EntryView | null, day: string): string {
  if (!entry) return "Non renseigné";
  const status =
    entry.status === "late"
      ? `${ATTENDANCE_STATUS_LABELS.late} (${entry.lateMinutes} min)`
      : ATTENDANCE_STATUS_LABELS[entry.status];
  return `${status} · ${ATTENDANCE_METHOD_LABELS[entry.method]} ${recordedTimeText(entry.recordedAt, day)}${entry.reason ? ` · ${entry.reason}` : ""}${entry.count > 1 ? " · corrigé" : ""}`;
}

/** Where the slot's signing stands, said above its page. */
export function windowText(window: "early" | "open" | "closed"): string {
  return window === "open"
    ? "Signature ouverte"
    : window === "early"
      ? "La signature ouvre 15\u00a0minutes avant le début"
      : "Créneau terminé\u00a0: signature close";
}

function SlotFields({ slot }: { slot: SlotRef }) {
  return (
    <>
      <input type="hidden" name="sessionId" value={slot.sessionId} />
      <input type="hidden" name="slotId" value={slot.slotId} />
    </>
  );
}

/** Present, late (how many minutes) or absent, with a reason: a learner's mark, or its correction. */
export function MarkForm({
  slot,
  learner,
  correction,
  onDone,
}: {
  slot: SlotRef;
  learner: { id: string; name: string };
  correction: boolean;
  onDone: () => void;
}) {
  const fetcher = useAdminFetcher((result) => {
    if (result.ok) onDone();
  });
  const [status, setStatus] = useState("absent");
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined;
  return (
    <fetcher.Form
      method="post"
      className="mt-3 grid gap-3 rounded-md border bg-muted/30 p-3 sm:grid-cols-3"
      aria-label={`Émargement de ${learner.name}`}
    >
      <input type="hidden" name="intent" value={correction ? "correct" : "mark"} />
      <SlotFields slot={slot} />
      <input type="hidden" name="learnerId" value={learner.id} />
      <div className="space-y-1">
        <Label htmlFor={`status-${learner.id}`}>Présence</Label>
        <select
          id={`status-${learner.id}`}
          name="status"
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value)}
          className="h-10 w-full rounded-md border border-input bg-background px-2"
        >
          <option value="present">{ATTENDANCE_STATUS_LABELS.present}</option>
          <option value="late">{ATTENDANCE_STATUS_LABELS.late}</option>
          <option value="absent">{ATTENDANCE_STATUS_LABELS.absent}</option>
        </select>
      </div>
      {status === "late" ? (
        <div className="space-y-1">
          <Label htmlFor={`late-${learner.id}`}>Retard (minutes)</Label>
          <Input
            id={`late-${learner.id}`}
            name="lateMinutes"
            type="number"
            min={1}
            inputMode="numeric"
            required
          />
          {errors?.lateMinutes ? <p className="text-sm text-destructive">{errors.lateMinutes}</p> : null}
        </div>
      ) : null}
      <div className="space-y-1">
        <Label htmlFor={`reason-${learner.id}`}>Motif</Label>
        <Input id={`reason-${learner.id}`} name="reason" maxLength={300} />
      </div>
      <div className="flex items-end gap-2 sm:col-span-3">
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          {correction ? "Enregistrer la correction" : "Enregistrer"}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Annuler
        </Button>
      </div>
    </fetcher.Form>
  );
}

/**
 * The trainer's countersignature of the slot, drawn. `trainer`: the name typed (the console's, the
 * slot's trainer by default), or fixed (the trainer's own space signs under the register's name).
 */
export function CountersignForm({
  slot,
  trainer,
}: {
  slot: SlotRef;
  trainer: { typed: string } | { fixed: string };
}) {
  const fetcher = useAdminFetcher();
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined;
  return (
    <fetcher.Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="countersign" />
      <SlotFields slot={slot} />
      {"typed" in trainer ? (
        <div className="max-w-sm space-y-1">
          <Label htmlFor="trainerName">Formateur ou formatrice</Label>
          <Input id="trainerName" name="trainerName" defaultValue={trainer.typed} required maxLength={120} />
          {errors?.trainerName ? <p className="text-sm text-destructive">{errors.trainerName}</p> : null}
        </div>
      ) : (
        <p className="text-sm">
          Vous contresignez ce créneau en tant que <span className="font-medium">{trainer.fixed}</span>.
        </p>
      )}
      <SignaturePad
        label="Signature du formateur ou de la formatrice"
        allowTyped={false}
        error={errors?.signature}
      />
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        Contresigner le créneau
      </Button>
    </fetcher.Form>
  );
}
