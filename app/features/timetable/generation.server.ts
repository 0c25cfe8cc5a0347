// Generating a session's slots from a weekly rhythm, French public holidays skipped.

import type { Actor } from "~/features/audit/index.server";
import { sessionSlots } from "~/features/timetable/schema.server";
import { AdminInputError } from "~/platform/console/action.server";
import { NNBSP } from "~/platform/french";
import { plural } from "~/platform/plural";
import type { AppRuntime } from "~/platform/runtime.server";
import { MAX_GENERATED, type PatternInput } from "./schema";
import { changeTimetable, dayText, outside, whereOf } from "./slot-changes.server";
import { patternSlots } from "./slots";

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
    const where = await whereOf(tx, input);
    const inserted = await tx
      .insert(sessionSlots)
      .values(slots.map((s) => ({ sessionId: input.sessionId, ...s, ...where })))
      .onConflictDoNothing()
      .returning({ id: sessionSlots.id });
    added = inserted.length;
  });
  return { added, skipped };
}

/** The generation's toast: how many slots, and which holidays were skipped. */
export function generatedTitle(added: number, skipped: { day: string; name: string }[]): string {
  const head = added ? `${plural(added, "créneau ajouté", "créneaux ajoutés")}` : "Aucun nouveau créneau";
  if (!skipped.length) return head;
  const days = skipped.map((s) => `${dayText(s.day)} (${s.name})`).join(", ");
  return `${head}${NNBSP}; ${skipped.length > 1 ? "jours fériés ignorés" : "jour férié ignoré"}${NNBSP}: ${days}`;
}
