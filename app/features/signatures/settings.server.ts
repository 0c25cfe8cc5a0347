/**
 * Paramètres › Signatures: one row (the migration inserts it with 7 days), read by the reminders'
 * round and saved by the card with its Journal entry.
 */
import { eq } from "drizzle-orm";
import { diffFields } from "~/features/audit";
import { type Actor, auditedChange } from "~/features/audit/index.server";
import { attemptParsed, type IntentPermissions, intentOf } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { textFields } from "~/platform/form-data";
import type { AppRuntime } from "~/platform/runtime.server";
import { signatureSettings } from "./schema.server";
import { signatureSettingsSchema } from "./settings";

/** The default when the row is missing (a restored dump): as the migration's. */
const DEFAULT_REMINDER_DAYS = 7;

export async function readSignatureSettings(db: Db): Promise<{ reminderDays: number }> {
  const [row] = await db
    .select({ reminderDays: signatureSettings.reminderDays })
    .from(signatureSettings)
    .where(eq(signatureSettings.id, 1));
  return row ?? { reminderDays: DEFAULT_REMINDER_DAYS };
}

/** Paramètres' Signatures card posts this intent; saving it is changing the settings. */
export const SIGNATURE_SETTINGS_INTENTS = {
  signatures: "settings:write",
} as const satisfies IntentPermissions;

/** Saves the reminder delay: checked, then the row written with its Journal entry (nothing when unchanged). */
export async function signatureSettingsIntent(app: AppRuntime, actor: Actor, form: FormData) {
  const intent = intentOf(form);
  return attemptParsed(
    app,
    intent,
    signatureSettingsSchema.safeParse(textFields(form)),
    "Erreur lors de l'enregistrement des paramètres de signature",
    "Paramètres de signature enregistrés",
    async (input) => {
      const changes = diffFields("signature_settings", await readSignatureSettings(app.db), input);
      if (changes.length === 0) return;
      await auditedChange(app, actor, { table: "signature_settings", op: "update" }, async (tx) => {
        await tx
          .insert(signatureSettings)
          .values({ id: 1, reminderDays: input.reminderDays })
          .onConflictDoUpdate({
            target: signatureSettings.id,
            set: { reminderDays: input.reminderDays, updatedAt: new Date() },
          });
        return {
          action: "update",
          entity: "signature_settings",
          entityId: "1",
          details: { title: "Paramètres de signature", changes },
        };
      });
    },
  );
}
