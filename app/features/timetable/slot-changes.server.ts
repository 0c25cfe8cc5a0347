// Changing a session's timetable one slot at a time (add, edit, remove), each change on the locked
// session and audited with the timetable's hours before and after.

import { and, eq, sql } from "drizzle-orm";
import { type Actor, auditedChange } from "~/features/audit/index.server";
import { sessionTitleOf } from "~/features/catalogue/index.server";
import { formationSessions } from "~/features/catalogue/schema.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import { registeredTrainer } from "~/features/trainers/index.server";
import { AdminInputError, pgErrorCode, UNIQUE_VIOLATION } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { plural } from "~/platform/plural";
import type { AppRuntime } from "~/platform/runtime.server";
import type { SlotInput } from "./schema";
import { hoursText, timeText } from "./slots";

const GONE = "Cette session n'existe plus.";
const SLOT_TAKEN = "Un créneau de cette session commence déjà ce jour-là à cette heure.";

/** The session, locked: two colleagues planning it at once are applied one after the other. */
async function lockedSession(tx: Db, id: string) {
  const [row] = await tx
    .select({ startDate: formationSessions.startDate, endDate: formationSessions.endDate })
    .from(formationSessions)
    .where(eq(formationSessions.id, id))
    .for("update");
  if (!row) throw new AdminInputError(GONE);
  return row;
}

export const dayText = (day: string) =>
  new Intl.DateTimeFormat("fr-FR", {
    timeZone: "UTC",
    weekday: "long",
    day: "numeric",
    month: "long",
  }).format(new Date(`${day}T12:00:00Z`));

export function outside(day: string, session: { startDate: string; endDate: string }): string | null {
  return day < session.startDate || day > session.endDate
    ? `Le ${dayText(day)} est en dehors de la session (du ${dayText(session.startDate)} au ${dayText(session.endDate)}).`
    : null;
}

/** 'N créneaux, X h': what the Journal says the timetable was before and after. */
async function summary(tx: Db, sessionId: string): Promise<string> {
  const [row] = await tx
    .select({
      n: sql<number>`count(*)::int`,
      minutes: sql<number>`coalesce(sum(${sessionSlots.endMinute} - ${sessionSlots.startMinute}), 0)::int`,
    })
    .from(sessionSlots)
    .where(eq(sessionSlots.sessionId, sessionId));
  return `${plural(row?.n ?? 0, "créneau", "créneaux")}, ${hoursText(row?.minutes ?? 0).replaceAll("\u00a0", " ")}`;
}

/**
 * A slot in the Journal's words: 'mardi 12 mai, 9 h 30–12 h 30, Salle 2'. Never the trainer: a
 * person's name does not reach the journal, which outlives the records.
 */
const slotText = (slot: {
  day: string;
  startMinute: number;
  endMinute: number;
  place: string | null;
  link: string | null;
}) =>
  [
    `${dayText(slot.day)}, ${timeText(slot.startMinute)}–${timeText(slot.endMinute)}`,
    slot.place,
    slot.link ? "à distance" : null,
  ]
    .filter(Boolean)
    .join(", ")
    .replaceAll("\u00a0", " ");

/**
 * Runs `change` on the locked session and audits the timetable's summary before and after, with
 * the slot changed when `change` answers it (an edit leaves the summary as it was).
 */
export async function changeTimetable(
  app: AppRuntime,
  actor: Actor,
  sessionId: string,
  change: (
    tx: Db,
    session: { startDate: string; endDate: string },
  ) => Promise<{ from: string; to: string } | undefined>,
) {
  await auditedChange(app, actor, { table: "formation_sessions", op: "update" }, async (tx) => {
    const session = await lockedSession(tx, sessionId);
    const before = await summary(tx, sessionId);
    const slot = await change(tx, session);
    const after = await summary(tx, sessionId);
    return {
      action: "update",
      entity: "formation_session",
      entityId: sessionId,
      details: {
        title: await sessionTitleOf(tx, sessionId),
        changes: [
          { field: "timetable", from: before, to: after },
          ...(slot ? [{ field: "slot", ...slot }] : []),
        ],
      },
    };
  });
}

const TRAINER_GONE = "Ce formateur ou cette formatrice n'est plus au registre : choisissez-en un autre.";
const TRAINER_INACTIVE = "Ce formateur ou cette formatrice n'est plus en activité : choisissez-en un autre.";

/**
 * Where and with whom, as the slot stores it: the trainer picked from the register and their name
 * (what the calendar, the convocation and the attendance sheet print). An inactive trainer is refused,
 * except on the slot that already names them (`keep`): editing its times leaves its trainer as is.
 */
export async function whereOf(
  tx: Db,
  input: Pick<SlotInput, "place" | "link" | "trainerId">,
  keep: string | null = null,
) {
  const trainer = input.trainerId ? await registeredTrainer(tx, input.trainerId) : null;
  if (input.trainerId && !trainer) throw new AdminInputError(TRAINER_GONE, "trainerId");
  if (trainer && !trainer.active && trainer.id !== keep)
    throw new AdminInputError(TRAINER_INACTIVE, "trainerId");
  return {
    place: input.place,
    link: input.link,
    trainerId: trainer?.id ?? null,
    trainer: trainer?.name ?? null,
  };
}

export async function addSlot(app: AppRuntime, actor: Actor, input: SlotInput) {
  await changeTimetable(app, actor, input.sessionId, async (tx, session) => {
    const refused = outside(input.day, session);
    if (refused) throw new AdminInputError(refused, "day");
    try {
      await tx.insert(sessionSlots).values({
        sessionId: input.sessionId,
        day: input.day,
        startMinute: input.start,
        endMinute: input.end,
        ...(await whereOf(tx, input)),
      });
    } catch (error) {
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AdminInputError(SLOT_TAKEN, "start");
      throw error;
    }
  });
}

/**
 * 'Modifier' on one slot: its day, times, place, link and trainer, checked as when it was added
 * (within the session's dates, no other slot of the session starting at the same moment). The
 * clashes with other slots are not refused: the planning screen shows them, as after an addition.
 */
export async function updateSlot(app: AppRuntime, actor: Actor, slotId: string, input: SlotInput) {
  await changeTimetable(app, actor, input.sessionId, async (tx, session) => {
    const [current] = await tx
      .select()
      .from(sessionSlots)
      .where(and(eq(sessionSlots.id, slotId), eq(sessionSlots.sessionId, input.sessionId)));
    if (!current) throw new AdminInputError(SLOT_GONE);
    const refused = outside(input.day, session);
    if (refused) throw new AdminInputError(refused, "day");
    const next = {
      day: input.day,
      startMinute: input.start,
      endMinute: input.end,
      ...(await whereOf(tx, input, current.trainerId)),
    };
    try {
      await tx.update(sessionSlots).set(next).where(eq(sessionSlots.id, slotId));
    } catch (error) {
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AdminInputError(SLOT_TAKEN, "start");
      throw error;
    }
    return { from: slotText(current), to: slotText(next) };
  });
}

/** Removes one slot (`slotId`) or every slot of the session (`slotId` null). */
export async function removeSlots(app: AppRuntime, actor: Actor, sessionId: string, slotId: string | null) {
  await changeTimetable(app, actor, sessionId, async (tx) => {
    const where = slotId
      ? and(eq(sessionSlots.sessionId, sessionId), eq(sessionSlots.id, slotId))
      : eq(sessionSlots.sessionId, sessionId);
    // A slot with attendance entries stays: the attendance sheet is evidence (foreign key, restrict).
    const removed = await tx
      .delete(sessionSlots)
      .where(where)
      .returning({ id: sessionSlots.id })
      .catch((error: unknown) => {
        if (pgErrorCode(error) === "23503") {
          throw new AdminInputError(
            "Ce créneau a déjà des émargements : il ne peut plus être supprimé (la feuille d'émargement en fait foi).",
          );
        }
        throw error;
      });
    if (slotId && !removed.length) throw new AdminInputError(SLOT_GONE);
  });
}

export const SLOT_GONE = "Ce créneau n'existe plus.";

/** The session a slot belongs to; the slot gone, a French refusal. */
export async function sessionOfSlot(db: Db, slotId: string): Promise<string> {
  const [row] = await db
    .select({ sessionId: sessionSlots.sessionId })
    .from(sessionSlots)
    .where(eq(sessionSlots.id, slotId));
  if (!row) throw new AdminInputError(SLOT_GONE);
  return row.sessionId;
}
