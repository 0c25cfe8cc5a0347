import { signInAsAdmin } from "./support/admin";
import { axeViolations } from "./support/axe";
import { gotoReady } from "./support/page";
import { expect, test } from "./support/test";

test("the Journal d'activité names the formation edited, its old → new title and price, and links to it", async ({
  warmPage: page,
}) => {
  // Two dialogs, three console pages and an axe run: slow on a shared runner.
  test.slow();
  const suffix = Math.random().toString(36).slice(2, 7);
  const before = `Formation Journal ${suffix}`;
  const after = `Formation Journal renommée ${suffix}`;
  await signInAsAdmin(page, "/admin/formations");
  await page.getByRole("link", { name: "Ajouter une formation" }).click();
  const dialog = page.getByRole("form", { name: "Nouvelle formation" });
  await dialog.getByRole("textbox", { name: "Titre", exact: true }).fill(before);
  await dialog.getByLabel(/^Type( \*)?$/).selectOption("courte");
  await dialog.getByRole("textbox", { name: "Durée", exact: true }).fill("3 jours");
  await dialog.getByLabel("Niveau requis").selectOption("sans-niveau");
  await dialog.getByLabel(/^Tarif/).selectOption("payant");
  await dialog.getByLabel("Description courte").fill("Une formation pour le journal.");
  await dialog.getByLabel("Prix (€)").fill("900");
  await dialog.getByRole("button", { name: "Créer et publier" }).click();
  await expect(page.getByText("Formation créée avec succès")).toBeVisible();

  await gotoReady(page, `/admin/formations?q=${encodeURIComponent(before)}`);
  await page.getByRole("link", { name: `Modifier ${before}` }).click();
  const edit = page.getByRole("form", { name: /^Modifier la formation/ });
  await edit.getByRole("textbox", { name: "Titre", exact: true }).fill(after);
  await edit.getByLabel("Prix (€)").fill("1490");
  await edit.getByRole("button", { name: "Publier", exact: true }).click();
  await expect(page.getByText("Formation mise à jour avec succès")).toBeVisible();

  await gotoReady(page, "/admin/journal?type=formation");
  const entry = page.getByRole("row").filter({ hasText: `a modifié la formation «\u202f${after}\u202f»` });
  await expect(entry).toHaveCount(1);
  const changes = entry.getByRole("list", { name: "Modifications" });
  await expect(changes).toContainText(`Titre\u202f: «\u202f${before}\u202f» → «\u202f${after}\u202f»`);
  await expect(changes).toContainText("Prix (€)\u202f: «\u202f900\u202f» → «\u202f1490\u202f»");
  await expect(
    page.getByRole("row").filter({ hasText: `a créé la formation «\u202f${before}\u202f»` }),
  ).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);

  // The record's name opens it: the formations list, searched on its current title.
  await entry.getByRole("link", { name: after }).click();
  await expect(page).toHaveURL(/\/admin\/formations\?q=/);
  await expect(page.getByRole("row").filter({ hasText: after })).toHaveCount(1);
});
