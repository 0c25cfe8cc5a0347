import { eq } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
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
