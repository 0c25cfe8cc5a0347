import { diffFields } from "~/features/audit";
import { auditedChange } from "~/features/audit/index.server";
import { attempt, consoleAction, invalid } from "~/platform/console/action.server";
import { textFields } from "~/platform/form-data";
import { answersSchema } from "./answers";
import { getQualitySettings } from "./board.server";
import { qualitySettings } from "./schema.server";

const SAVE_ERROR = "Erreur lors de la sauvegarde";

/**
 * The board's action: `answers` saves the centre's answers (quality:write), in the Journal with what
 * changed.
 */
export const qualityBoardAction = consoleAction({ answers: "quality:write" }, async (app, actor, form) => {
  const parsed = answersSchema.safeParse(textFields(form));
  if (!parsed.success) return invalid("answers", SAVE_ERROR, parsed.error);
  const input = parsed.data;
  return attempt(app, "answers", SAVE_ERROR, "Réponses Qualiopi enregistrées", () =>
    auditedChange(app, actor, { table: "quality_settings", op: "update" }, async (tx) => {
      const { id: _id, ...before } = await getQualitySettings(tx);
      await tx
        .insert(qualitySettings)
        .values({ id: 1, ...input })
        .onConflictDoUpdate({ target: qualitySettings.id, set: { ...input, updatedAt: new Date() } });
      return {
        action: "update",
        entity: "quality_settings",
        entityId: "1",
        details: { title: "Réponses Qualiopi", changes: diffFields("quality_settings", before, input) },
      };
    }),
  );
});
