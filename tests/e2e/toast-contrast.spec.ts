// Toasts carry the outcome of every form: their text must stay readable (WCAG AA, 4.5:1) in each
// colour the library gives them. Checked once a toast is fully shown (opacity 1), on the sign-in page:
// a refused sign-in (error) then an accepted one (success).
import { ADMIN } from "../../playwright.config";
import { submitAdminCredentials } from "./support/admin";
import { axeScan } from "./support/axe";
import { gotoReady } from "./support/page";
import { expect, type Page, test } from "./support/test";

async function expectReadableToast(page: Page, title: string) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: title });
  await expect(toast).toBeVisible();
  await expect.poll(() => toast.evaluate((element) => getComputedStyle(element).opacity)).toBe("1");
  const { violations } = await axeScan(page)
    .include("[data-sonner-toast]")
    .withTags(["wcag2a", "wcag2aa", "wcag21aa"])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.any[0]?.message).join(" / ")}`)).toEqual([]);
}

test("error and success toasts meet the WCAG AA contrast once shown", async ({ warmPage: page }) => {
  await gotoReady(page, "/auth");
  const panel = page.getByRole("tabpanel");
  await panel.getByLabel("E-mail").fill(ADMIN.email);
  await panel.getByLabel("Mot de passe").fill("pas-le-bon-mot-de-passe");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expectReadableToast(page, "Erreur de connexion");

  await gotoReady(page, "/auth");
  await submitAdminCredentials(page);
  await expectReadableToast(page, "Connexion réussie");
});
