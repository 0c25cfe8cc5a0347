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

/**
 * Adds slots through the 'Planning' screen already on screen ('Ajouter un créneau'), one after the
 * other, waiting each time for the count to grow from `already`.
 */
export async function addSlots(
  page: Page,
  slots: readonly { day: string; start: string; end: string; trainer?: string }[],
  already = 0,
) {
  const form = page.getByRole("form", { name: "Ajouter un créneau" });
  for (const [n, slot] of slots.entries()) {
    await form.getByLabel("Date").fill(slot.day);
    await form.getByLabel("Début").fill(slot.start);
    await form.getByLabel("Fin").fill(slot.end);
    // The trainer is picked from the register (Formateurs), by the name the select shows.
    if (slot.trainer) await form.getByLabel("Formateur·rice").selectOption({ label: slot.trainer });
    await form.getByRole("button", { name: "Ajouter le créneau" }).click();
    await expect(page.getByTestId("timetable-count")).toHaveText(String(already + n + 1));
  }
}
