// The planning screen's action: each intent checked, then handed to a slot change or the generation.

import {
  attempt,
  attemptParsed,
  consoleAction,
  failure,
  intentOf,
  invalid,
  success,
  unknownIntent,
} from "~/platform/console/action.server";
import { textFields } from "~/platform/form-data";
import { entityId } from "~/platform/form-schema";
import { generatedTitle, generateSlots } from "./generation.server";
import { patternSchema, slotSchema } from "./schema";
import { addSlot, removeSlots, SLOT_GONE, sessionOfSlot, updateSlot } from "./slot-changes.server";

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
      return attemptParsed(
        app,
        intent,
        slotSchema.safeParse(fields),
        "Créneau non ajouté",
        "Créneau ajouté",
        (slot) => addSlot(app, actor, slot),
      );
    }
    if (intent === "update") {
      const id = entityId.safeParse(fields.id);
      if (!id.success) return failure(intent, "Créneau non modifié", 400, SLOT_GONE);
      return attemptParsed(
        app,
        intent,
        slotSchema.safeParse(fields),
        "Créneau non modifié",
        "Créneau modifié",
        (slot) => updateSlot(app, actor, id.data, slot),
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
