import { expect, type Page } from "@playwright/test";
import { gotoReady } from "./page";

/**
 * Makes sure the register (Formateurs) has an active trainer of this name, through its dialog, so the
 * timetable's select offers them: each worker's server starts with none, and a spec run again on the
 * same server finds the one it added. Leaves the page on the register.
 */
export async function ensureTrainer(page: Page, firstName: string, lastName: string) {
  await gotoReady(page, `/admin/formateurs?q=${encodeURIComponent(`${firstName} ${lastName}`)}`);
  const row = page.getByRole("row").filter({ hasText: `${firstName} ${lastName}` });
  if (await row.count()) return;
  await page.locator("body[data-hydrated]").waitFor();
  await page.getByRole("button", { name: "Nouveau formateur" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouveau formateur ou nouvelle formatrice" });
  await dialog.getByLabel("Prénom").fill(firstName);
  await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill(lastName);
  await dialog.getByRole("button", { name: "Créer" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();
}
