import type { Page } from "@playwright/test";
import { linkIn, waitForMail } from "./mail";
import { gotoReady, uniqueEmail } from "./page";

/**
 * Signs up through the real form and follows the confirmation link: the page is then signed in as a
 * verified account with no role. Answers the account's address.
 */
export async function signInWithoutRole(page: Page): Promise<string> {
  const email = uniqueEmail("sansrole");
  await gotoReady(page, "/auth");
  await page.getByRole("tab", { name: "Inscription" }).click();
  await page.getByLabel("Prénom").fill("Sans");
  await page.getByLabel("Nom", { exact: true }).fill("Role");
  await page.getByRole("tabpanel").getByLabel("E-mail").fill(email);
  await page.getByRole("tabpanel").getByLabel("Mot de passe").fill("secret1");
  await page.getByRole("button", { name: "S'inscrire" }).click();
  const origin = new URL(page.url()).origin;
  await page.goto(linkIn(await waitForMail(email, "Confirmez"), `${origin}/api/auth/verify-email`));
  return email;
}
