/**
 * A session's timetable in the console: its slots, their total hours, the clashes of a trainer or a
 * place with another slot at the same time (in any session), and the actions that add slots one by
 * one or from a weekly pattern (public holidays skipped), edit one, and remove them. Every change
 * is audited on the session, with the timetable's hours before and after.
 */

import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type Actor, auditedChange } from "~/features/audit/index.server";
import { sessionHeading, sessionTitleOf } from "~/features/catalogue/index.server";
import { formationSessions } from "~/features/catalogue/schema.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import {
  AdminInputError,
  attempt,
  consoleAction,
  failure,
  intentOf,
  invalid,
  pgErrorCode,
  success,
  UNIQUE_VIOLATION,
  unknownIntent,
} from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { rows } from "~/platform/db/rows.server";
import { textFields } from "~/platform/form-data";
import { entityId } from "~/platform/form-schema";
import { NNBSP } from "~/platform/french";
import { plural } from "~/platform/plural";
import type { AppRuntime } from "~/platform/runtime.server";
import { MAX_GENERATED, type PatternInput, patternSchema, type SlotInput, slotSchema } from "./schema";
import { hoursText, patternSlots, timeText, totalMinutes } from "./slots";

export interface Clash {
  slotId: string;
  /** What the two slots share: the trainer's name, or the place. */
  reason: "trainer" | "place";
  shared: string;
  other: {
    day: string;
    startMinute: number;
    endMinute: number;
    title: string;
    sessionId: string;
    formationId: string;
  };
}

/**
 * The clashes of `sessionId`'s slots: another slot (of any session, this one included) on the same
 * day whose times overlap and that has the same trainer or the same place, compared without case or
 * surrounding spaces. One SQL self-join on the day index.
 */
export async function timetableClashes(db: Db, sessionId: string): Promise<Clash[]> {
  const found = await rows<{
    slot_id: string;
    reason: "trainer" | "place";
    shared: string;
    day: string;
    start_minute: number;
    end_minute: number;
    title: string;
    session_id: string;
    formation_id: string;
  }>(
    db,
    sql`select a.id as slot_id, c.reason, c.shared, to_char(b.day, 'YYYY-MM-DD') as day,
               b.start_minute, b.end_minute, f.title, s.id as session_id, f.id as formation_id
          from session_slots a
          join session_slots b on b.day = a.day and b.id <> a.id
               and b.start_minute < a.end_minute and a.start_minute < b.end_minute
          join formation_sessions s on s.id = b.session_id
          join formations f on f.id = s.formation_id
          cross join lateral (values
            ('trainer', a.trainer, lower(trim(a.trainer)) = lower(trim(b.trainer))),
            ('place', a.place, lower(trim(a.place)) = lower(trim(b.place)))
          ) as c(reason, shared, same)
         where a.session_id = ${sessionId} and c.same
         order by a.day, a.start_minute, c.reason, b.day, b.start_minute`,
  );
  return found.map((r) => ({
    slotId: r.slot_id,
    reason: r.reason,
    shared: r.shared,
    other: {
      day: r.day,
      startMinute: r.start_minute,
      endMinute: r.end_minute,
      title: r.title,
      sessionId: r.session_id,
      formationId: r.formation_id,
    },
  }));
}

/** The planning screen: the session (with its formation), its slots in order, total hours, clashes. */
export async function sessionTimetable(db: Db, sessionId: string) {
  const session = await sessionHeading(db, sessionId);
  if (!session) return null;
  const [slots, clashes] = await Promise.all([
    db
      .select()
      .from(sessionSlots)
      .where(eq(sessionSlots.sessionId, sessionId))
      .orderBy(asc(sessionSlots.day), asc(sessionSlots.startMinute)),
    timetableClashes(db, sessionId),
  ]);
  return { session, slots, totalMinutes: totalMinutes(slots), clashes };
}

export type SessionTimetable = NonNullable<Awaited<ReturnType<typeof sessionTimetable>>>;

/** Total minutes of each of `sessionIds`' timetables (0 when a session has none). */
export async function timetableMinutes(db: Db, sessionIds: string[]): Promise<Map<string, number>> {
  if (!sessionIds.length) return new Map();
  const found = await db
    .select({
      sessionId: sessionSlots.sessionId,
      minutes: sql<number>`sum(${sessionSlots.endMinute} - ${sessionSlots.startMinute})::int`,
    })
    .from(sessionSlots)
    .where(inArray(sessionSlots.sessionId, sessionIds))
    .groupBy(sessionSlots.sessionId);
  return new Map(found.map((r) => [r.sessionId, r.minutes]));
}

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

const dayText = (day: string) =>
  new Intl.DateTimeFormat("fr-FR", {
    timeZone: "UTC",
    weekday: "long",
    day: "numeric",
    month: "long",
  }).format(new Date(`${day}T12:00:00Z`));

function outside(day: string, session: { startDate: string; endDate: string }): string | null {
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
async function changeTimetable(
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

const whereOf = (input: Pick<SlotInput, "place" | "link" | "trainer">) => ({
  place: input.place,
  link: input.link,
  trainer: input.trainer,
});

async function addSlot(app: AppRuntime, actor: Actor, input: SlotInput) {
  await changeTimetable(app, actor, input.sessionId, async (tx, session) => {
    const refused = outside(input.day, session);
    if (refused) throw new AdminInputError(refused, "day");
    try {
      await tx.insert(sessionSlots).values({
        sessionId: input.sessionId,
        day: input.day,
        startMinute: input.start,
        endMinute: input.end,
        ...whereOf(input),
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
async function updateSlot(app: AppRuntime, actor: Actor, slotId: string, input: SlotInput) {
  await changeTimetable(app, actor, input.sessionId, async (tx, session) => {
    const [current] = await tx
      .select()
      .from(sessionSlots)
      .where(and(eq(sessionSlots.id, slotId), eq(sessionSlots.sessionId, input.sessionId)));
    if (!current) throw new AdminInputError(SLOT_GONE);
    const refused = outside(input.day, session);
    if (refused) throw new AdminInputError(refused, "day");
    const next = { day: input.day, startMinute: input.start, endMinute: input.end, ...whereOf(input) };
    try {
      await tx.update(sessionSlots).set(next).where(eq(sessionSlots.id, slotId));
    } catch (error) {
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AdminInputError(SLOT_TAKEN, "start");
      throw error;
    }
    return { from: slotText(current), to: slotText(next) };
  });
}

/**
 * Adds the pattern's slots to the session; a slot already there (same day and start) is kept as it
 * is. Answers how many were added and the public holidays skipped.
 */
export async function generateSlots(app: AppRuntime, actor: Actor, input: PatternInput) {
  const ranges = [{ startMinute: input.start1, endMinute: input.end1 }];
  if (input.start2 !== null && input.end2 !== null)
    ranges.push({ startMinute: input.start2, endMinute: input.end2 });
  const { slots, skipped } = patternSlots({
    weekdays: input.weekdays,
    ranges,
    from: input.from,
    to: input.to,
  });
  if (slots.length > MAX_GENERATED) {
    throw new AdminInputError(
      `${MAX_GENERATED} créneaux au plus à la fois${NNBSP}: raccourcissez la période.`,
      "to",
    );
  }
  let added = 0;
  await changeTimetable(app, actor, input.sessionId, async (tx, session) => {
    const refused = outside(input.from, session) ?? outside(input.to, session);
    if (refused) throw new AdminInputError(refused, outside(input.from, session) ? "from" : "to");
    if (!slots.length)
      throw new AdminInputError("Aucun jour choisi ne tombe dans cette période.", "weekdays");
    const inserted = await tx
      .insert(sessionSlots)
      .values(slots.map((s) => ({ sessionId: input.sessionId, ...s, ...whereOf(input) })))
      .onConflictDoNothing()
      .returning({ id: sessionSlots.id });
    added = inserted.length;
  });
  return { added, skipped };
}

/** Removes one slot (`slotId`) or every slot of the session (`slotId` null). */
async function removeSlots(app: AppRuntime, actor: Actor, sessionId: string, slotId: string | null) {
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

const SLOT_GONE = "Ce créneau n'existe plus.";

/** The session a slot belongs to; the slot gone, a French refusal. */
async function sessionOfSlot(db: Db, slotId: string): Promise<string> {
  const [row] = await db
    .select({ sessionId: sessionSlots.sessionId })
    .from(sessionSlots)
    .where(eq(sessionSlots.id, slotId));
  if (!row) throw new AdminInputError(SLOT_GONE);
  return row.sessionId;
}

/** The generation's toast: how many slots, and which holidays were skipped. */
function generatedTitle(added: number, skipped: { day: string; name: string }[]): string {
  const head = added ? `${plural(added, "créneau ajouté", "créneaux ajoutés")}` : "Aucun nouveau créneau";
  if (!skipped.length) return head;
  const days = skipped.map((s) => `${dayText(s.day)} (${s.name})`).join(", ");
  return `${head}${NNBSP}; ${skipped.length > 1 ? "jours fériés ignorés" : "jour férié ignoré"}${NNBSP}: ${days}`;
}

/** The planning screen's action: add, update, generate, delete (one slot) and clear, under timetable:write. */
export const timetableAction = consoleAction(
  {
    add: "timetable:write",
    update: "timetable:write",
    generate: "timetable:write",
    delete: "timetable:write",
    clear: "timetable:write",
  },
  async (app, actor, form) => {
    const intent = intentOf(form);
    const fields = textFields(form);
    if (intent === "add") {
      const parsed = slotSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, "Créneau non ajouté", parsed.error);
      return attempt(app, intent, "Créneau non ajouté", "Créneau ajouté", () =>
        addSlot(app, actor, parsed.data),
      );
    }
    if (intent === "update") {
      const id = entityId.safeParse(fields.id);
      if (!id.success) return failure(intent, "Créneau non modifié", 400, SLOT_GONE);
      const parsed = slotSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, "Créneau non modifié", parsed.error);
      return attempt(app, intent, "Créneau non modifié", "Créneau modifié", () =>
        updateSlot(app, actor, id.data, parsed.data),
      );
    }
    if (intent === "generate") {
      const parsed = patternSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, "Planning non généré", parsed.error);
      let title = "";
      const result = await attempt(app, intent, "Planning non généré", "", async () => {
        const { added, skipped } = await generateSlots(app, actor, parsed.data);
        title = generatedTitle(added, skipped);
      });
      return result.data.ok ? success(intent, title) : result;
    }
    // Delete posts the slot's id, clear the session's (one confirmation dialog each).
    const id = entityId.safeParse(fields.id);
    if (intent === "delete") {
      if (!id.success) return failure(intent, "Créneau non supprimé", 400, "Créneau inconnu.");
      return attempt(app, intent, "Créneau non supprimé", "Créneau supprimé", async () =>
        removeSlots(app, actor, await sessionOfSlot(app.db, id.data), id.data),
      );
    }
    if (intent === "clear") {
      if (!id.success) return failure(intent, "Planning non vidé", 400, "Session inconnue.");
      return attempt(app, intent, "Planning non vidé", "Planning vidé", () =>
        removeSlots(app, actor, id.data, null),
      );
    }
    return unknownIntent(intent);
  },
);
