import { expect, type Page } from "@playwright/test";
import { ADMIN } from "../../../playwright.config";
import { gotoReady } from "./page";

/** Fills the sign-in form already on screen with the seeded admin's credentials, and sends it. */
export async function submitAdminCredentials(page: Page) {
  await page.getByRole("tabpanel").getByLabel("E-mail").fill(ADMIN.email);
  await page.getByRole("tabpanel").getByLabel("Mot de passe").fill(ADMIN.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/**
 * Signs in as the seeded admin through the real form, and lands on `path` (default /admin). The page
 * is then loaded again: the sign-in toast ('Connexion réussie') shows once, on the first page, and an
 * accessibility check made while it fades in or out would measure its text mid-animation.
 */
export async function signInAsAdmin(page: Page, path = "/admin") {
  await gotoReady(page, `/auth?redirectTo=${encodeURIComponent(path)}`);
  await submitAdminCredentials(page);
  await expect(page.getByText("Console d'administration")).toBeVisible();
  await page.locator("body[data-hydrated]").waitFor();
  await gotoReady(page, page.url());
}
