/**
 * The émargement of a trainer's own slots, from their personal space: the same page as the console's
 * (its learners, their latest entry, the countersignature) and the same rules (a mark is a learner's
 * first entry for the slot, a correction stays the administrators'; the countersignature once, not
 * before the signing opens), reached through the acting trainer instead of a staff permission. Every
 * read and post checks first that the slot is the trainer's (session_slots.trainer_id): another
 * trainer's slot answers as an unknown one. The learners' personal links and codes stay in the
 * console: each of them signs for the learner.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Actor } from "~/features/audit/index.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import { failure, intentOf, unknownIntent } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import type { AppRuntime } from "~/platform/runtime.server";
import { slotAttendance } from "./attendance-views.server";
import { countersignAnswer, recordMark } from "./console-attendance.server";
import { countersign, type Device } from "./signing.server";

/** Who marks and countersigns from the trainer's space: their account and their register entry. */
export interface ActingTrainer {
  /** Their account (the Journal's actor, the entries' recorder). */
  actor: Actor;
  trainerId: string;
  /** The register's name, the one the countersignature carries. */
  name: string;
}

/** The session of slot `slotId` when trainer `trainerId` teaches it, else null. */
export async function trainerSlotSession(db: Db, trainerId: string, slotId: unknown): Promise<string | null> {
  const id = z.uuid().safeParse(slotId);
  if (!id.success) return null;
  const [slot] = await db
    .select({ sessionId: sessionSlots.sessionId })
    .from(sessionSlots)
    .where(and(eq(sessionSlots.id, id.data), eq(sessionSlots.trainerId, trainerId)));
  return slot?.sessionId ?? null;
}

/** One of the trainer's slots as their space shows it, or null (not theirs, unknown). */
export async function trainerSlotAttendance(
  app: Pick<AppRuntime, "db" | "config">,
  trainerId: string,
  slotId: string | undefined,
  now: Date,
) {
  const sessionId = await trainerSlotSession(app.db, trainerId, slotId);
  if (!sessionId || !slotId) return null;
  const sheet = await slotAttendance(app, sessionId, slotId, now);
  if (!sheet) return null;
  return {
    session: sheet.session,
    slot: sheet.slot,
    learners: sheet.learners.map(({ id, name, entry }) => ({ id, name, entry })),
    countersignature: sheet.countersignature,
  };
}

/** What the trainer's slot page posts: a learner's mark, or the countersignature. */
export const TRAINER_ATTENDANCE_INTENTS = ["mark", "countersign"] as const;

/**
 * The trainer's slot page's action: 'mark' (present, late or absent, a reason) or 'countersign'
 * (their drawn signature, under the register's name), for slot `slotId` only when it is theirs.
 */
export async function trainerAttendanceAction(
  app: AppRuntime,
  trainer: ActingTrainer,
  slotId: string | undefined,
  form: FormData,
  device: Device,
  now: Date,
) {
  const intent = intentOf(form);
  if (!(TRAINER_ATTENDANCE_INTENTS as readonly string[]).includes(intent)) return unknownIntent(intent);
  const sessionId = await trainerSlotSession(app.db, trainer.trainerId, slotId);
  if (!sessionId || !slotId) return failure(intent, "Créneau introuvable", 404);
  // The slot and its session are the ones the address names, whatever was posted beside them.
  form.set("sessionId", sessionId);
  form.set("slotId", slotId);
  if (intent === "mark") {
    const answer = await recordMark(app, trainer.actor, form, false);
    if (answer.data.ok) await app.events.publish({ table: "attendance_entries", op: "insert" });
    return answer;
  }
  const outcome = await countersign(
    app.db,
    { sessionId, slotId, signedBy: trainer.actor.id, trainerName: trainer.name },
    form,
    device,
    now,
  );
  return countersignAnswer(app, intent, outcome);
}
