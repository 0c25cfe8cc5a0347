import { expect, type Page } from "@playwright/test";

/**
 * Adds a session through the formation's 'Sessions' screen already on screen ('Ajouter une session'
 * then 'Créer'), and waits for the success toast.
 */
export async function addSession(
  page: Page,
  session: { start: string; end: string; seats: number; place: string; rhythm?: string },
) {
  await page.getByRole("button", { name: "Ajouter une session" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouvelle session" });
  await dialog.getByLabel("Début").fill(session.start);
  await dialog.getByLabel("Fin").fill(session.end);
  await dialog.getByLabel("Places").fill(String(session.seats));
  await dialog.getByLabel("Lieu").fill(session.place);
  if (session.rhythm) await dialog.getByLabel("Rythme").fill(session.rhythm);
  await dialog.getByRole("button", { name: "Créer" }).click();
  await expect(page.getByText("Session créée avec succès")).toBeVisible();
}
