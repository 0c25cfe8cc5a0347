import { eq } from "drizzle-orm";
import { diffFields } from "~/features/audit";
import { type Actor, auditedChange } from "~/features/audit/index.server";
import { attemptParsed, type IntentPermissions, intentOf } from "~/platform/console/action.server";
import type { Db } from "~/platform/db/client.server";
import { textFields } from "~/platform/form-data";
import type { AppRuntime } from "~/platform/runtime.server";
import { type BillingSettingsInput, billingSettingsSchema } from "./billing-settings-schema";
import { billingSettings } from "./schema.server";

export type BillingSettings = typeof billingSettings.$inferSelect;

/**
 * Paramètres › Facturation. The migration inserts the one row with its defaults, so a new centre
 * issues its first invoice without visiting the screen; the row is still created here if a test
 * database or a restored dump lacks it.
 */
export async function readBillingSettings(db: Db): Promise<BillingSettings> {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.id, 1));
  if (row) return row;
  const [created] = await db.insert(billingSettings).values({ id: 1 }).onConflictDoNothing().returning();
  if (created) return created;
  const [again] = await db.select().from(billingSettings).where(eq(billingSettings.id, 1));
  if (!again) throw new Error("billing_settings has no row and none could be created");
  return again;
}

/** Paramètres' Facturation card posts this intent; saving it is changing the settings. */
export const BILLING_SETTINGS_INTENTS = { billing: "settings:write" } as const satisfies IntentPermissions;

const SAVE_ERROR = "Erreur lors de l'enregistrement des paramètres de facturation";

/** The fields the card edits, as the row has them: the Journal compares the two. */
function editable(row: BillingSettings): Record<keyof BillingSettingsInput, unknown> {
  const { id: _id, updatedAt: _updated, ...fields } = row;
  return fields;
}

/**
 * Saves Paramètres › Facturation: the posted fields checked (French message per field, nothing
 * stored while one is wrong), then the one row updated with its Journal entry in one transaction.
 * An untouched form writes nothing and leaves no entry. The route adds this to Paramètres' action.
 */
export async function billingSettingsIntent(app: AppRuntime, actor: Actor, form: FormData) {
  const intent = intentOf(form);
  const parsed = billingSettingsSchema.safeParse(textFields(form));
  return attemptParsed(
    app,
    intent,
    parsed,
    SAVE_ERROR,
    "Paramètres de facturation enregistrés",
    async (input) => {
      const changes = diffFields("billing_settings", editable(await readBillingSettings(app.db)), input);
      if (changes.length === 0) return;
      await auditedChange(app, actor, { table: "billing_settings", op: "update" }, async (tx) => {
        await tx
          .update(billingSettings)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(billingSettings.id, 1));
        return {
          action: "update",
          entity: "billing_settings",
          entityId: "1",
          details: { title: "Paramètres de facturation", changes },
        };
      });
    },
  );
}
