import { signInAsAdmin } from "./support/admin";
import { axeViolations } from "./support/axe";
import { gotoReady } from "./support/page";
import { expect, test } from "./support/test";

// Paramètres › Enquêtes de satisfaction: an administrator turns the employers' automatic questionnaires
// off; the box stays unticked after a reload and Enquêtes says the employers are asked by hand only.
// A server of its own: the switch changes what every later round sends.
test.use({ ownServer: true });

test("an administrator turns the employers' automatic questionnaires off in Paramètres, and Enquêtes says so", async ({
  warmPage: page,
}) => {
  await signInAsAdmin(page, "/admin/parametres");
  await page.locator("body[data-hydrated]").waitFor();
  const form = page.getByRole("form", { name: "Envoi automatique des questionnaires" });
  await expect(form.getByLabel("Employeurs")).toBeChecked();
  await form.getByLabel("Employeurs").uncheck();
  await form.getByRole("button", { name: "Enregistrer les envois automatiques" }).click();
  await expect(page.getByText("Envois automatiques enregistrés")).toBeVisible();
  expect(await axeViolations(page, { include: "#survey-automatic" })).toEqual([]);

  await gotoReady(page, "/admin/parametres");
  await expect(form.getByLabel("Employeurs")).not.toBeChecked();
  await expect(form.getByLabel("Stagiaires")).toBeChecked();

  await gotoReady(page, "/admin/enquetes");
  await expect(page.getByTestId("surveys-paused")).toContainText(
    "Envoi automatique désactivé pour employeurs",
  );
});
