import { signInAsAdmin } from "./support/admin";
import { requestCallback } from "./support/callback";
import { gotoReady } from "./support/page";
import { expect, test } from "./support/test";

test("a callback request appears on the open dashboard without a reload", async ({
  warmPage: page,
  request,
}) => {
  await signInAsAdmin(page, "/admin");
  await page.locator("body[data-live='open']").waitFor();
  const lastName = `Directe${Date.now()}`;
  await requestCallback(request, lastName);
  await expect(page.getByText(`Nadia ${lastName}`)).toBeVisible();
});

test("a formation created in the console shows at once in an open page's footer, goals and contact form", async ({
  page,
  browser,
}) => {
  const title = `Paie et social ${Date.now()}`;
  const visitor = await (await browser.newContext()).newPage();
  await gotoReady(visitor, "/contact");
  await visitor.locator("body[data-live='open']").waitFor();
  const footer = visitor.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: title })).toHaveCount(0);

  await signInAsAdmin(page, "/admin/formations");
  await page.getByRole("link", { name: "Ajouter une formation" }).click();
  const dialog = page.getByRole("form", { name: "Nouvelle formation" });
  await dialog.getByRole("textbox", { name: "Titre", exact: true }).fill(title);
  await dialog.getByRole("textbox", { name: "Durée", exact: true }).fill("3 mois");
  await dialog.getByLabel("Niveau requis").selectOption("sans-niveau");
  await dialog.getByLabel(/^Tarif/).selectOption("gratuit");
  await dialog.getByLabel("Description courte").fill("Gérer la paie d'une petite entreprise.");
  await dialog.getByLabel("Ordre d'affichage").fill("0");
  await dialog.getByLabel("Trouver un emploi").check();
  await dialog.getByRole("button", { name: "Créer et publier" }).click();
  await expect(page.getByText("Formation créée avec succès")).toBeVisible();

  // The visitor's open page follows: footer link, then a choice in the contact form.
  await expect(footer.getByRole("link", { name: title })).toHaveAttribute(
    "href",
    `/formation/${title.toLowerCase().replaceAll(" ", "-")}`,
  );
  await expect(
    visitor.getByLabel("Formation qui vous intéresse").locator("option", { hasText: title }),
  ).toHaveCount(1);
  await gotoReady(visitor, "/");
  await visitor.getByRole("button", { name: /Trouver un emploi/ }).click();
  await expect(visitor.getByTestId("goal-result").getByRole("link", { name: title })).toBeVisible();
});
