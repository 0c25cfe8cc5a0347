import { signInAsAdmin } from "./support/admin";
import { axeViolations } from "./support/axe";
import { gotoReady, uniqueEmail } from "./support/page";
import { expect, test } from "./support/test";

test("a staff member opens the Qualiopi board, proposes an improvement action from a complaint in one click, completes it, and indicator 32 turns 'Prouvé'", async ({
  warmPage: page,
}) => {
  test.setTimeout(120_000);
  // A complaint sent through the public form.
  await gotoReady(page, "/reclamation");
  await page.locator("body[data-hydrated]").waitFor();
  await page.getByLabel("Prénom").fill("Nadia");
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Lefèvre");
  await page.getByLabel("E-mail").fill(uniqueEmail("qualiopi"));
  await page.getByLabel("Vous êtes").selectOption("entreprise");
  await page.getByLabel("Catégorie").selectOption("organisation");
  await page
    .getByLabel("Votre réclamation")
    .fill("Les changements de salle ne sont jamais annoncés aux stagiaires.");
  await page.getByRole("button", { name: "Envoyer la réclamation" }).click();
  const confirmation = page.getByTestId("complaint-confirmation");
  await expect(confirmation.getByRole("heading", { name: "Réclamation enregistrée" })).toBeVisible();
  const reference = /REC-\d{4}-\d{4}/.exec((await confirmation.textContent()) ?? "")?.[0] ?? "";
  expect(reference).toBeTruthy();

  // The board: the 32 indicators by criterion, the count of those proven.
  await signInAsAdmin(page, "/admin/qualiopi");
  await expect(page.getByRole("heading", { name: "Qualiopi", level: 1 })).toBeVisible();
  await expect(page.getByTestId("quality-proven")).toHaveText(/^\d+ indicateurs prouvés sur \d+$/);
  await expect(page.getByRole("heading", { name: /^Critère 7\s:/ })).toBeVisible();
  await expect(page.getByTestId("indicator-31")).toContainText("Registre des réclamations tenu");
  expect(await axeViolations(page), "/admin/qualiopi").toEqual([]);

  // From the complaint's page, one click.
  await gotoReady(page, "/admin/reclamations");
  await page.getByRole("link", { name: reference, exact: true }).click();
  await expect(page.getByRole("heading", { name: `Réclamation ${reference}` })).toBeVisible();
  await page.locator("body[data-hydrated]").waitFor();
  await page.getByRole("button", { name: "Proposer une action d'amélioration" }).click();

  // The register opens the new action, linked to the complaint, to complete.
  await expect(page).toHaveURL(/\/admin\/qualiopi\/ameliorations\?action=/);
  const dialog = page.getByRole("dialog", { name: "Modifier l'action d'amélioration" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Action")).toHaveValue(`Suite à la réclamation ${reference}`);
  await dialog.getByLabel("Action").fill(`Annoncer les changements de salle (${reference})`);
  await dialog.getByLabel("État").selectOption("done");
  await dialog.getByLabel("Résultat").fill("Plus aucune réclamation sur ce point depuis un mois.");
  expect(await axeViolations(page), "dialogue d'amélioration").toEqual([]);
  await dialog.getByRole("button", { name: "Modifier" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: `Annoncer les changements de salle (${reference})` });
  await expect(row.getByTestId("improvement-state")).toHaveText("Réalisée");
  await expect(row.getByRole("link", { name: `Réclamation ${reference}` })).toBeVisible();

  // Indicator 32 now proven on the board.
  await gotoReady(page, "/admin/qualiopi");
  await expect(page.getByTestId("indicator-32").getByTestId("indicator-state")).toHaveText("Prouvé");
});
